import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { KINDS, type KindId } from '../support/real-marks-kinds.ts';
import { realMarksSet } from '../support/real-marks-set.ts';
import type { Benchmark, Figure, Target } from './harness.ts';
import { runKind } from './real-marks-run.ts';
import { scoreKind, type KindScore } from './real-marks-score.ts';

/**
 * `real-marks` (issue #34): six kinds of watermark on 24 real photographs each (JPEG q85),
 * cleaned by `clearframe remove <folder> --auto-mask --engine local` as a user runs it, and
 * read against the clean photos. Prints a table per kind, and its figures for latest.json.
 */

const atLeast = (value: number): Target => ({ op: '>=', value, of: 'value' });
const atMost = (value: number): Target => ({ op: '<=', value, of: 'value' });

/** Semi-transparent kinds within 3 dB of the JPEG floor: ≥ 36 dB on q85 photos. */
const SEMI_TRANSPARENT_DB = 36;
const OPAQUE_DB = 22;
/**
 * The engine's CPU seconds per 12 MP over sharp's decode + q85 of the same photos in the same
 * run: 1.5 s per 12 MP (issue #34) over about 0.19 s, which sharp takes here, as a ratio that
 * holds on a busy machine as the absolute figure does not.
 */
const CPU_OVER_REWRITE = 8;
/** The kinds the issue asks the finder to find whole and without false regions. */
const FOUND_WHOLE: readonly KindId[] = ['scaled', 'tiled'];

const PER_KIND = [
  'psnr',
  'jpeg-floor',
  'far-psnr',
  'iou',
  'recall',
  'false-region',
  'written',
  'flagged',
  'flagged-visible',
  'visible-unflagged',
  'self-check-gap',
  'seconds-per-12mp',
  'cpu-seconds-per-12mp',
] as const;

/** REAL_MARKS_KINDS=opaque,logo measures those kinds alone: one change, measured quickly. */
const ONLY = process.env.REAL_MARKS_KINDS?.split(',');
const MEASURED = KINDS.filter((kind) => !ONLY || ONLY.includes(kind.id));

const FIGURES = [
  ...MEASURED.flatMap((kind) => PER_KIND.map((figure) => `real-marks-${kind.id}-${figure}`)),
  ...(MEASURED.some((kind) => kind.id === 'opaque')
    ? ['real-marks-opaque-ssim', 'real-marks-opaque-mark-coloured']
    : []),
];

function figuresOf(score: KindScore): Figure[] {
  const id = score.kind.id;
  const name = (figure: (typeof PER_KIND)[number]) => `real-marks-${id}-${figure}`;
  const found = FOUND_WHOLE.includes(id);
  const figures: Figure[] = [
    {
      name: name('psnr'),
      value: score.psnr,
      unit: 'dB',
      // The opaque kind's baseline is plain Telea on the same masks; the others' the JPEG floor.
      baseline: score.opaque ? score.opaque.teleaPsnr : score.floor,
      target: atLeast(score.opaque ? OPAQUE_DB : SEMI_TRANSPARENT_DB),
    },
    { name: name('jpeg-floor'), value: score.floor, unit: 'dB' },
    { name: name('far-psnr'), value: score.far, unit: 'dB', target: atLeast(99) },
    { name: name('iou'), value: score.iou, unit: 'IoU' },
    {
      name: name('recall'),
      value: score.recall,
      unit: 'share',
      ...(found ? { target: atLeast(0.97) } : {}),
    },
    {
      name: name('false-region'),
      value: score.largestFalse,
      unit: 'share',
      ...(found ? { target: atMost(0.005) } : {}),
    },
    { name: name('written'), value: score.written, unit: 'photos' },
    { name: name('flagged'), value: score.flagged, unit: 'photos' },
    { name: name('flagged-visible'), value: score.flaggedVisible, unit: 'photos' },
    {
      name: name('visible-unflagged'),
      value: score.visibleUnflagged,
      unit: 'photos',
      target: atMost(0),
    },
    {
      // How far the self-check's prediction (before anything was written) fell from the
      // PSNR measured against the clean photos; not measured when it predicted nothing.
      name: name('self-check-gap'),
      value: score.predicted === undefined ? Number.NaN : Math.abs(score.predicted - score.psnr),
      unit: 'dB',
      target: atMost(2),
    },
    {
      name: name('seconds-per-12mp'),
      value: score.secondsPer12mp,
      unit: 's',
      baseline: score.rewriteSecondsPer12mp,
      target: atMost(1.5),
    },
    {
      name: name('cpu-seconds-per-12mp'),
      value: score.cpuSecondsPer12mp,
      unit: 's CPU',
      baseline: score.rewriteCpuSecondsPer12mp,
      target: { op: '<=', value: CPU_OVER_REWRITE, of: 'ratio' },
    },
  ];
  if (score.opaque) {
    figures.push(
      {
        name: 'real-marks-opaque-ssim',
        value: score.opaque.ssim,
        unit: 'SSIM',
        baseline: score.opaque.teleaSsim,
        target: { op: '>', value: 1, of: 'ratio' },
      },
      {
        name: 'real-marks-opaque-mark-coloured',
        value: score.opaque.coloured,
        unit: 'share',
        baseline: score.opaque.teleaColoured,
        target: { op: '<', value: 0.01, of: 'value' },
      },
    );
  }
  return figures;
}

function fixed(value: number | undefined, digits: number): string {
  return value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits);
}

/** The table of issue #34, one row per kind, and the opaque kind's comparison with Telea. */
export function kindTable(scores: readonly KindScore[]): string {
  const header = [
    'kind',
    'written',
    'in mark dB',
    'JPEG floor',
    'far dB',
    'IoU',
    'recall',
    'false region',
    'flagged (visible)',
    'visible, not flagged',
    'self-check dB',
    's / 12 MP (decode + q85)',
    'CPU s / 12 MP (decode + q85)',
  ];
  const rows = scores.map((s) => [
    s.kind.title,
    `${s.written}/${s.photos}`,
    fixed(s.psnr, 1),
    fixed(s.floor, 1),
    fixed(s.far, 1),
    fixed(s.iou, 2),
    fixed(s.recall, 2),
    `${fixed(s.largestFalse * 100, 2)} %`,
    `${s.flagged} (${s.flaggedVisible})`,
    `${s.visibleUnflagged} of ${s.visible}`,
    s.predicted === undefined ? 'not measured' : fixed(s.predicted, 1),
    `${fixed(s.secondsPer12mp, 2)} (${fixed(s.rewriteSecondsPer12mp, 2)})`,
    `${fixed(s.cpuSecondsPer12mp, 2)} (${fixed(s.rewriteCpuSecondsPer12mp, 2)})`,
  ]);
  const widths = header.map((title, c) =>
    Math.max(title.length, ...rows.map((r) => r[c]?.length ?? 0)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, c) => cell.padEnd(widths[c] ?? 0))
      .join(' | ')
      .trimEnd();
  const lines = [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
  for (const s of scores) {
    if (!s.opaque) continue;
    const o = s.opaque;
    lines.push(
      '',
      `${s.kind.title}: in mark ${fixed(s.psnr, 1)} dB (Telea on the same masks ${fixed(o.teleaPsnr, 1)} dB, on the true mask ${fixed(o.trueMaskTeleaPsnr, 1)} dB); ` +
        `SSIM in the mark's box ${fixed(o.ssim, 3)} (Telea ${fixed(o.teleaSsim, 3)}); ` +
        `mask pixels closer to the mark's colours than to the photo ${fixed(o.coloured * 100, 1)} % ` +
        `(Telea ${fixed(o.teleaColoured * 100, 1)} %)`,
    );
  }
  return lines.join('\n');
}

async function measure(): Promise<Figure[]> {
  const set = await realMarksSet();
  const scores: KindScore[] = [];
  const measured = new Set(MEASURED.map((kind) => kind.id));
  for (const kindSet of set.kinds.filter((k) => measured.has(k.kind.id))) {
    // REAL_MARKS_KEEP=<folder> keeps each kind's results and masks there, to look at afterwards.
    const keep = process.env.REAL_MARKS_KEEP;
    const work = keep
      ? path.join(keep, kindSet.kind.id)
      : await mkdtemp(path.join(os.tmpdir(), `clearframe-real-marks-${kindSet.kind.id}-`));
    try {
      const started = performance.now();
      const run = await runKind(kindSet, work);
      const ran = performance.now();
      scores.push(await scoreKind(kindSet, run));
      const seconds = (from: number, to: number) => ((to - from) / 1000).toFixed(0);
      process.stdout.write(
        `${kindSet.kind.id}: the command ${seconds(started, ran)} s, reading its results ${seconds(ran, performance.now())} s; `,
      );
    } finally {
      if (!keep) await rm(work, { recursive: true, force: true });
    }
  }
  console.log(`\n\nreal-marks, set ${set.root}:\n${kindTable(scores)}\n`);
  return scores.flatMap(figuresOf);
}

export const benchmarks: Benchmark[] = [{ name: 'real-marks', runs: 1, figures: FIGURES, measure }];
