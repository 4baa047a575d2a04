import { z } from 'zod';
import { CREDITS_PER_IMAGE } from '../../src-shared/domain/pricing.ts';
import { guarded, type ToolAnswer, type ToolContext } from './tool-context.ts';
import { intentKey } from './allowance.ts';
import { profileArg, resolveProfileArg } from './profile-args.ts';

/** Where the images are, for finding and cleaning alike. */
const where = {
  paths: z.array(z.string().min(1)).min(1).describe('Image files or folders.'),
  recursive: z.boolean().optional().describe('Take the images in sub-folders too.'),
};

/** The mask a clean uses: a rectangle, a mask file, or (neither given) the finder's proposal. */
const maskArgs = {
  mask_rect: z
    .string()
    .optional()
    .describe('x,y,width,height of the mark in pixels, as `clearframe remove --mask-rect`.'),
  mask_file: z.string().optional().describe('A mask image: white where the mark is.'),
};

type Where = { paths: string[]; recursive?: boolean | undefined };

function placeArgs(args: Where): string[] {
  return [...args.paths, ...(args.recursive ? ['--recursive'] : [])];
}

function maskFlags(args: { mask_rect?: string | undefined; mask_file?: string | undefined }) {
  if (args.mask_rect) return ['--mask-rect', args.mask_rect];
  if (args.mask_file) return ['--mask', args.mask_file];
  return ['--auto-mask'];
}

/** Records of `remove --json` that belong to the finder (`auto-mask-*`) or the engine plan. */
const finderRecords = (records: ReadonlyArray<Record<string, unknown>>) =>
  records.filter((record) => {
    const event = record['event'];
    return typeof event === 'string' && event.startsWith('auto-mask');
  });
const engineRecords = (records: ReadonlyArray<Record<string, unknown>>) =>
  records.filter((record) => record['event'] === 'engine');

/** `find_mark` and `clean`: the watermark engine through `clearframe remove`. */
export function registerImageTools(context: ToolContext): void {
  context.server.registerTool(
    'find_mark',
    {
      title: 'Find the watermark',
      description:
        'Free; nothing is sent. Finds the watermark the images share (the same finder as `clearframe remove --auto-mask`) and returns, per group of images, where the mark is, which images carry it, which the finder is unsure of, and the expected quality (dB) of cleaning them on this computer.',
      inputSchema: { ...where, ...profileArg },
    },
    guarded(async (args): Promise<ToolAnswer> => {
      if (args.profile) {
        // The mark is measured already: which images it fits, and how many would be cleaned.
        const { summary, flag } = await resolveProfileArg(context.dataDir, args.profile);
        const run = await context.cli(['remove', ...placeArgs(args), ...flag, '--dry-run']);
        return context.answer(
          { profile: summary, records: run.records, said: run.said },
          run.code !== 0,
        );
      }
      const run = await context.cli([
        'remove',
        ...placeArgs(args),
        '--auto-mask',
        '--engine',
        'local',
        '--dry-run',
      ]);
      return context.answer(
        {
          proposal: finderRecords(run.records),
          engines: engineRecords(run.records),
          said: run.said,
        },
        run.code !== 0,
      );
    }),
  );

  context.server.registerTool(
    'clean',
    {
      title: 'Clean images',
      description:
        "Removes the watermark. engine 'local' (default) cleans on this computer for free with the finder's measured mark, or with a saved `profile` (then even one image). engine 'service' sends the images to the paid service with mask_rect, mask_file or the finder's proposal: it costs 1 credit per image and is refused, with nothing sent, beyond the daily allowance the person set. Files already cleaned or queued are not sent again; the same call repeated (or the same `intent`) maps to the same jobs.",
      inputSchema: {
        ...where,
        ...maskArgs,
        ...profileArg,
        engine: z.enum(['local', 'service']).optional(),
        out: z.string().optional().describe('Output folder; default: the settings.'),
        intent: z
          .string()
          .optional()
          .describe('Your key for this call; repeats are not paid again.'),
      },
    },
    guarded(async (args): Promise<ToolAnswer> => {
      const engine = args.engine ?? 'local';
      if (args.profile) {
        const { summary, flag } = await resolveProfileArg(context.dataDir, args.profile);
        const out = args.out ? ['--out', args.out] : [];
        // A profile cleans here: the command refuses it with the service, sending nothing.
        const chosen = engine === 'service' ? ['--engine', 'service'] : [];
        const run = await context.cli(['remove', ...placeArgs(args), ...flag, ...chosen, ...out]);
        const value = { engine, profile: summary, records: run.records, said: run.said };
        return context.answer(value, run.code !== 0);
      }
      const command = [
        'remove',
        ...placeArgs(args),
        ...(engine === 'local' ? ['--auto-mask', '--engine', 'local'] : maskFlags(args)),
        ...(args.out ? ['--out', args.out] : []),
      ];
      if (engine === 'local') {
        const run = await context.cli(command);
        return context.answer({ engine, records: run.records, said: run.said }, run.code !== 0);
      }
      const intent = intentKey('clean', args);
      return context.allowance.serial(async () => {
        // What it would send, counted before anything is: every image taken, at most.
        const plan = await context.cli([...command, '--dry-run']);
        const images = plan.records.find((record) => record['event'] === 'dry-run')?.['count'];
        // Without a count nothing is known of the cost: nothing is sent.
        if (plan.code !== 0 || typeof images !== 'number') {
          return context.answer({ engine, records: plan.records, said: plan.said }, true);
        }
        const reserved = await context.reserve(
          intent,
          'clean',
          { credits: images * CREDITS_PER_IMAGE, cents: 0 },
          { images, places: args.paths.slice(0, 20).map((place) => place.slice(0, 1024)) },
        );
        if (reserved.kind === 'refused') return context.refuse(reserved.sentence);
        const run = await context.cli(command);
        return context.answer(
          {
            engine,
            intent,
            repeated: reserved.kind === 'repeat',
            creditsAtMost: images * CREDITS_PER_IMAGE,
            records: run.records,
            said: run.said,
          },
          run.code !== 0,
        );
      });
    }),
  );
}
