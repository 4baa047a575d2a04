import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LARGE_MASK_SHARE, isLargeMask } from '../../src-shared/domain/limits.ts';
import { formatPercent } from '../../src-shared/i18n/formats.ts';
import { maskShare } from '../core/jobs/watermark/mask-share.ts';
import type { Proposal } from '../core/media/automask/proposal.ts';
import { MaskStore } from '../core/media/mask-store.ts';
import { confirm } from './ask.ts';
import { fileMasks, type FileMask, type MaskRequest, type SizedFile } from './remove-masks.ts';
import { cliIntl, words } from './words.ts';

export const LARGE_MASK_OPTIONS = {
  'allow-large-mask': { type: 'boolean', default: false },
} as const;

/** One image to be sent with a mask, and how much of it the mask covers (0 to 1). */
export interface MaskShare {
  file: string;
  share: number;
}

/** A share as the lines print it: whole percent, one decimal below 1 %. */
const percent = (share: number) => formatPercent(cliIntl(), share, share < 0.01 ? 1 : 0);

/** How much of each image its mask covers, for the images that will be sent with one. */
export async function sharesOf(
  files: readonly SizedFile[],
  maskOf: (file: string) => FileMask,
  store: MaskStore,
): Promise<MaskShare[]> {
  const shares: MaskShare[] = [];
  for (const file of files) {
    const share = await maskShare(maskOf(file.path), file, store);
    if (share !== undefined) shares.push({ file: file.path, share });
  }
  return shares;
}

/**
 * The lines of a dry run on the shares, from masks made in a folder of their own that is removed after:
 * a dry run leaves nothing behind in the data folder.
 */
export async function dryRunShares(
  request: MaskRequest,
  files: readonly SizedFile[],
  proposal: Proposal | undefined,
): Promise<string[]> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-dry-run-'));
  try {
    const store = new MaskStore(dir);
    const masks = await fileMasks(request, files, store, proposal);
    const maskOf = (file: string) =>
      masks.get(file) ??
      (request.maskFile && !request.autoMask ? { maskFile: request.maskFile } : {});
    return shareLines(await sharesOf(files, maskOf, store));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The lines that say how much of the images the masks cover, the large ones by name. */
function shareLines(shares: readonly MaskShare[]): string[] {
  if (shares.length === 0) return [];
  const sorted = [...shares].sort((a, b) => a.share - b.share);
  const smallest = (sorted[0] as MaskShare).share;
  const largest = (sorted.at(-1) as MaskShare).share;
  const lines = [
    words('masks.share', {
      count: shares.length,
      same: percent(smallest) === percent(largest) ? 'yes' : 'no',
      smallest: percent(smallest),
      largest: percent(largest),
    }),
  ];
  const large = sorted.filter(({ share }) => isLargeMask(share)).reverse();
  if (large.length > 0) {
    lines.push(
      words('masks.largeShare', {
        count: large.length,
        limit: percent(LARGE_MASK_SHARE),
        largest: percent(largest),
      }),
      ...large.map(({ file, share }) => `  ${path.basename(file)}: ${percent(share)}`),
    );
  }
  return lines;
}

/**
 * Masks over `LARGE_MASK_SHARE` of their image are not sent on a default nobody looked at:
 * `--allow-large-mask` (or `--mask-whole`, which says the whole image is meant) lets them
 * go; on a terminal the question is asked; otherwise the command stops with the sentence
 * that names the flag. The sentence it stops with, or undefined to go on.
 */
export async function settleLargeMasks(
  shares: readonly MaskShare[],
  allowed: boolean,
  say: (line: string) => void,
): Promise<string | undefined> {
  for (const line of shareLines(shares)) say(line);
  if (allowed || !shares.some(({ share }) => isLargeMask(share))) return undefined;
  if (!process.stdin.isTTY) return words('cli.remove.sayLargeMasks');
  return (await confirm(words('cli.remove.askLargeMasks')))
    ? undefined
    : words('cli.remove.largeMasksRefused');
}
