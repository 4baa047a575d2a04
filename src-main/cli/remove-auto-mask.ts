import path from 'node:path';
import { formatPercent } from '../../src-shared/i18n/formats.ts';
import type { Proposal } from '../core/media/automask/proposal.ts';
import { tooFewReason } from '../core/media/automask/propose.ts';
import { doubtReason, unreadableReason } from '../core/media/automask/reasons.ts';
import { maskShare } from '../core/media/automask/verdict.ts';
import type { CollectedInputs } from '../core/media/collect-inputs.ts';
import { engineLines, localGroups, notLocalReason, type Engine } from './remove-engine.ts';
import { findFor, saveMasks, type MaskRequest, type SizedFile } from './remove-masks.ts';
import { cliIntl, words } from './words.ts';

/** Says one line: for people, or with --json as a record. */
type Say = (event: string, message: string, extra?: Record<string, unknown>) => void;

/**
 * The images the finder saw the mark on but cannot vouch for, with why: they are left out
 * of the batch, never sent with a mask nobody looked at (nor without one, paid for twice).
 */
export function doubtful(proposal: Proposal): Array<{ path: string; reason: string }> {
  return proposal.groups.flatMap((group) =>
    group.images
      .filter((image) => image.present && !image.sure)
      .map((image) => ({ path: image.path, reason: doubtReason(image.score) })),
  );
}

/** What `--auto-mask` found, per group, as lines for people and records for --json. */
export function proposalLines(
  proposal: Proposal,
): Array<{ event: string; message: string; extra: Record<string, unknown> }> {
  const lines: Array<{ event: string; message: string; extra: Record<string, unknown> }> = [];
  for (const group of proposal.groups) {
    const sizes = [...new Set(group.images.map((image) => `${image.width}×${image.height}`))];
    const count = group.images.length;
    const where =
      group.anchor === 'size' || sizes.length === 1
        ? words('cli.masks.ofSize', { count, sizes: sizes.join(', ') })
        : words('cli.masks.ofSizes', { count, sizeCount: sizes.length, corner: group.anchor });
    const present = group.images.filter((image) => image.present);
    const absent = group.images.filter((image) => !image.present);
    const [mask] = group.masks;
    const extra = {
      anchor: group.anchor,
      images: group.images.map((image) => ({
        input: image.path,
        score: Number(image.score.toFixed(3)),
        present: image.present,
        sure: image.sure,
      })),
      masks: group.masks.map((m) => ({ width: m.width, height: m.height, boxes: m.boxes })),
    };
    if (group.refused) {
      lines.push({
        event: 'auto-mask-refused',
        message: words('cli.masks.refused', {
          where,
          share: formatPercent(cliIntl(), group.refused.share, 0),
        }),
        extra: { ...extra, share: group.refused.share },
      });
      continue;
    }
    if (!mask) {
      lines.push({
        event: 'auto-mask-none',
        message: words('cli.masks.none', { where }),
        extra,
      });
      continue;
    }
    const boxes = mask.boxes
      .map((box) =>
        words('cli.masks.box', { size: `${box.width}×${box.height}`, x: box.x, y: box.y }),
      )
      .join(', ');
    const found = words('cli.masks.found', {
      present: present.length,
      where,
      boxes,
      share: formatPercent(cliIntl(), maskShare(mask.plane, mask), 1),
    });
    const notOn = absent.map((image) =>
      words('cli.masks.score', {
        file: path.basename(image.path),
        score: cliIntl().formatNumber(image.score, {
          maximumFractionDigits: 2,
          minimumFractionDigits: 2,
        }),
      }),
    );
    lines.push({
      event: 'auto-mask-found',
      message:
        notOn.length > 0
          ? `${found} ${words('cli.masks.notOn', { files: notOn.join(', ') })}`
          : found,
      extra,
    });
  }
  for (const image of proposal.unreadable) {
    lines.push({
      event: 'auto-mask-unreadable',
      message: words('cli.fileProblem', {
        file: path.basename(image.path),
        problem: unreadableReason(image.why),
      }),
      extra: { input: image.path },
    });
  }
  for (const image of doubtful(proposal)) {
    lines.push({
      event: 'auto-mask-unsure',
      message: words('cli.masks.unsure', { file: path.basename(image.path), reason: image.reason }),
      extra: { input: image.path },
    });
  }
  if (proposal.tooFew.length > 0) {
    lines.push({
      event: 'auto-mask-too-few',
      message: words('cli.masks.tooFew', {
        files: proposal.tooFew.map((image) => path.basename(image.path)).join(', '),
        reason: tooFewReason(),
        count: proposal.tooFew.length,
      }),
      extra: { inputs: proposal.tooFew.map((image) => image.path) },
    });
  }
  return lines;
}

/**
 * `--auto-mask`: finds the watermark the files share, says what was found per group, and
 * leaves out of the batch, with the reason, every file the finder could not read or is not
 * sure of (and under --engine local, every file whose mark cannot be measured).
 */
export async function findAndSay(
  shaped: readonly SizedFile[],
  request: MaskRequest,
  chosen: Engine,
  given: CollectedInputs,
  say: Say,
): Promise<{ proposal: Proposal; collected: CollectedInputs }> {
  let collected = given;
  const proposal = await findFor(shaped, request, {
    // Measured for --dry-run too: what the self-check expects is part of the plan shown.
    measure: chosen === 'local',
  });
  for (const line of proposalLines(proposal)) say(line.event, line.message, line.extra);
  // The engine lines count what is sent: not the images left out below.
  const vouched = {
    ...proposal,
    groups: proposal.groups
      .map((group) => ({
        ...group,
        images: group.images.filter((image) => !image.present || image.sure),
      }))
      .filter((group) => group.images.length > 0),
  };
  for (const line of engineLines(vouched, chosen)) say(line.event, line.message, line.extra);
  // An image the finder is unsure of, or could not read, is left out with its reason.
  const leftOut = [
    ...doubtful(proposal),
    ...proposal.unreadable.map((image) => ({
      path: image.path,
      reason: unreadableReason(image.why),
    })),
  ];
  const outPaths = new Set(leftOut.map((skip) => skip.path));
  collected = {
    ...collected,
    files: collected.files.filter((file) => !outPaths.has(file)),
    skipped: [...collected.skipped, ...leftOut],
  };
  if (chosen === 'local') {
    // Nothing is paid under --engine local: an image whose mark cannot be measured is
    // left out and named, never sent to the service instead.
    const measurable = new Set(localGroups(proposal).flatMap((group) => group.files));
    collected = {
      ...collected,
      files: collected.files.filter((file) => measurable.has(file)),
      skipped: [
        ...collected.skipped,
        ...collected.files
          .filter((file) => !measurable.has(file))
          .map((file) => ({ path: file, reason: notLocalReason() })),
      ],
    };
  }
  if (request.saveMasks) {
    const written = await saveMasks(proposal, request, request.saveMasks);
    say(
      'masks-saved',
      written.length > 0
        ? words('cli.remove.masksWritten', { files: cliIntl().formatList(written) })
        : words('cli.remove.noMasksWritten'),
      { files: written },
    );
  }
  return { proposal, collected };
}
