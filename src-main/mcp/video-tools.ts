import { z } from 'zod';
import { DEFAULT_ROUND_SECONDS, VIDEO_LIMITS } from '../../src-shared/domain/limits.ts';
import { estimateVideoCost, type PricingTier } from '../../src-shared/domain/pricing.ts';
import { JobStore } from '../core/jobs/store/store.ts';
import { VideoRounds, type VideoRoundRow } from '../core/jobs/video/video-rounds.ts';
import { said } from '../core/i18n/core-words.ts';
import { dataPaths } from '../core/paths.ts';
import { intentKey } from './allowance.ts';
import { guarded, type ToolAnswer, type ToolContext } from './tool-context.ts';

const duration = z.number().int().optional().describe(`Seconds; default ${DEFAULT_ROUND_SECONDS}.`);

/** Reads the job database for the length of `work` (another process may be writing it). */
export function withRounds<T>(dataDir: string, work: (rounds: VideoRounds) => T): T {
  const store = JobStore.open(dataPaths(dataDir).database);
  try {
    return work(new VideoRounds(store));
  } finally {
    store.close();
  }
}

/** A round as an answer: its state and money, never its request's links or any key. */
export function roundView(round: VideoRoundRow | undefined) {
  if (!round) return undefined;
  return {
    roundId: round.id,
    state: round.state,
    estimateUsd: round.estimate_cents / 100,
    chargedUsd: round.charged_cents === null ? null : round.charged_cents / 100,
  };
}

/** `video_quote` and `queue_video_round`: the cost first, then a round within the allowance. */
export function registerVideoTools(context: ToolContext, tier: () => Promise<PricingTier>): void {
  const quote = async (seconds: number | undefined) =>
    estimateVideoCost(seconds ?? DEFAULT_ROUND_SECONDS, await tier());

  context.server.registerTool(
    'video_quote',
    {
      title: 'Quote a video round',
      description:
        'Free; nothing is sent. What a video round of this length costs at the account tier in the settings (USD), and how much of the daily allowance is left.',
      inputSchema: { duration },
    },
    guarded(async (args): Promise<ToolAnswer> => {
      const estimate = await quote(args.duration);
      const today = await context.allowance.today();
      return context.answer({
        ...estimate,
        allowanceLeftUsd: Math.max(0, today.limits.usdPerDay - today.cents / 100),
      });
    }),
  );

  context.server.registerTool(
    'queue_video_round',
    {
      title: 'Queue and send a video round',
      description:
        'Paid. Queues a round in a project (an existing `project` id, or a new project named `project_name`) and sends it. Refused, with nothing sent, when its cost passes what is left of the daily allowance the person set (see video_quote first). The same call repeated, or the same `intent`, maps to the same round: it is never sent twice.',
      inputSchema: {
        project: z.string().optional(),
        project_name: z.string().optional(),
        prompt: z.string().min(1),
        duration,
        resolution: z.string().optional(),
        ratio: z.string().optional(),
        model: z.string().optional(),
        intent: z
          .string()
          .optional()
          .describe('Your key for this call; repeats are not paid again.'),
      },
    },
    guarded(async (args): Promise<ToolAnswer> => {
      if (!args.project && !args.project_name)
        return context.refuse(said('mcp.round.needsProject'));
      if (args.duration !== undefined && args.duration === VIDEO_LIMITS.autoDuration) {
        return context.refuse(said('mcp.round.needsLength'));
      }
      const estimate = await quote(args.duration);
      const intent = intentKey('queue_video_round', args);
      return context.allowance.serial(async () => {
        const reserved = await context.reserve(
          intent,
          'queue_video_round',
          { credits: 0, cents: estimate.cents },
          {
            prompt: args.prompt.slice(0, 300),
            seconds: args.duration ?? DEFAULT_ROUND_SECONDS,
          },
        );
        if (reserved.kind === 'refused') return context.refuse(reserved.sentence);
        let roundId =
          reserved.kind === 'repeat'
            ? (reserved.entry.ref['roundId'] as string | undefined)
            : undefined;
        if (reserved.kind === 'repeat' && !roundId) {
          // Reserved before, but its round was never written: nothing of it was sent.
          return context.refuse(said('mcp.round.lost'));
        }
        if (!roundId) {
          let project = args.project;
          if (!project) {
            const made = await context.cli(['video', 'new', args.project_name ?? '']);
            project = made.records[0]?.['projectId'] as string | undefined;
            if (!project) {
              await context.allowance.release(intent);
              return context.answer({ said: made.said }, true);
            }
          }
          const added = await context.cli([
            'video',
            'add-round',
            project,
            '--prompt',
            args.prompt,
            '--duration',
            String(args.duration ?? DEFAULT_ROUND_SECONDS),
            ...(args.resolution ? ['--resolution', args.resolution] : []),
            ...(args.ratio ? ['--ratio', args.ratio] : []),
            ...(args.model ? ['--model', args.model] : []),
          ]);
          roundId = added.records[0]?.['roundId'] as string | undefined;
          if (!roundId) {
            await context.allowance.release(intent);
            return context.answer({ said: added.said }, true);
          }
          await context.allowance.note(intent, { roundId, projectId: project });
        }
        const id = roundId;
        // Only this round may be sent by the agent: when others wait in the queue, `video
        // run` would send them too, past what the allowance counted.
        const others = withRounds(context.dataDir, (rounds) =>
          rounds.roundsIn(['queued']).filter((round) => round.id !== id),
        );
        const mine = withRounds(context.dataDir, (rounds) => rounds.round(id));
        let ran: { said: string[] } = { said: [] };
        if (mine?.state === 'queued') {
          if (others.length > 0)
            ran = { said: [said('mcp.round.waits', { count: others.length })] };
          else ran = await context.cli(['video', 'run']);
        }
        const round = withRounds(context.dataDir, (rounds) => roundView(rounds.round(id)));
        return context.answer({
          intent,
          repeated: reserved.kind === 'repeat',
          estimate,
          round,
          said: ran.said,
        });
      });
    }),
  );
}
