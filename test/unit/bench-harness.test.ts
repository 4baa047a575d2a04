import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  figureMismatch,
  median,
  renderTable,
  selectSuites,
  summarise,
  type Benchmark,
  type ReportRow,
} from '../bench/harness.ts';
import { loadBenchmarks } from '../bench/run.ts';

const runner = fileURLToPath(new URL('../bench/run.ts', import.meta.url));

function suite(name: string, figures: string[]): Benchmark {
  return {
    name,
    figures,
    runs: 1,
    measure: () =>
      Promise.resolve(figures.map((figure) => ({ name: figure, value: 1, unit: 'ms' }))),
  };
}

const row = (name: string): ReportRow => ({ name, value: 1, unit: 'ms', runs: 1 });

describe('benchmark harness', () => {
  it('takes the median of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });

  it('folds runs into rows with baseline, ratio and whether the target is met', () => {
    const target = { op: '<=', value: 2, of: 'ratio' } as const;
    const rows = summarise([
      [{ name: 'mask', value: 30, unit: 'ms', baseline: 10, target }],
      [{ name: 'mask', value: 10, unit: 'ms', baseline: 10, target }],
      [{ name: 'mask', value: 20, unit: 'ms', baseline: 12, target }],
    ]);
    expect(rows).toEqual([
      { name: 'mask', value: 20, unit: 'ms', baseline: 10, ratio: 2, target, met: true, runs: 3 },
    ]);
    expect(renderTable(rows)).toMatch(/mask\s+20\.00\s+ms\s+10\.00\s+2\.00\s+ratio <= 2\s+yes\s+3/);
  });

  it('reports a missed target on the value', () => {
    const [row] = summarise([
      [{ name: 'fps', value: 40, unit: 'fps', target: { op: '>=', value: 50, of: 'value' } }],
    ]);
    expect(row?.met).toBe(false);
    expect(row?.ratio).toBeUndefined();
  });
});

describe('choosing what to run', () => {
  const batch = suite('watermark-batch-ratio', [
    'watermark-batch-ratio',
    'watermark-polls-per-task',
  ]);
  const pixels = suite('pixel-fidelity', ['outside-mask-psnr-jpeg', 'output-size-ratio-jpeg']);
  const all = [batch, pixels];

  it('runs every suite and shows every row when no name is given', () => {
    const selection = selectSuites(all, []);
    if ('unknown' in selection) throw new Error('refused');
    expect(selection.suites).toEqual(all);
    expect(selection.show(row('outside-mask-psnr-jpeg'))).toBe(true);
  });

  it('runs only the suite that produces a figure named, and shows that figure', () => {
    const selection = selectSuites(all, ['output-size-ratio-jpeg']);
    if ('unknown' in selection) throw new Error('refused');
    expect(selection.suites).toEqual([pixels]);
    expect(selection.show(row('output-size-ratio-jpeg'))).toBe(true);
    expect(selection.show(row('outside-mask-psnr-jpeg'))).toBe(false);
  });

  it('shows every figure of a suite named', () => {
    const selection = selectSuites(all, ['pixel-fidelity', 'watermark-polls-per-task']);
    if ('unknown' in selection) throw new Error('refused');
    expect(selection.suites).toEqual(all);
    expect(selection.show(row('outside-mask-psnr-jpeg'))).toBe(true);
    expect(selection.show(row('watermark-polls-per-task'))).toBe(true);
    expect(selection.show(row('watermark-batch-ratio'))).toBe(false);
  });

  it('names the names it does not know', () => {
    expect(selectSuites(all, ['pixel-fidelity', 'no-such-figure'])).toEqual({
      unknown: ['no-such-figure'],
    });
  });

  it('says when a run reports other figures than its suite declares', () => {
    expect(figureMismatch(batch, [{ name: 'watermark-batch-ratio', value: 1, unit: 'x' }])).toBe(
      'The suite watermark-batch-ratio did not report watermark-polls-per-task: make its `figures` list what `measure` returns.',
    );
    expect(
      figureMismatch(pixels, [
        { name: 'outside-mask-psnr-jpeg', value: 1, unit: 'dB' },
        { name: 'output-size-ratio-jpeg', value: 1, unit: 'x' },
        { name: 'extra', value: 1, unit: 'x' },
      ]),
    ).toMatch(/reported figures it does not declare \(extra\)/);
    expect(figureMismatch(batch, [])).toMatch(/did not report watermark-batch-ratio/);
    expect(
      figureMismatch(batch, [
        { name: 'watermark-batch-ratio', value: 1, unit: 'x' },
        { name: 'watermark-polls-per-task', value: 1, unit: 'x' },
      ]),
    ).toBeUndefined();
  });
});

describe('the benchmark suites', () => {
  it('each name one suite or one figure of one suite', async () => {
    const suites = await loadBenchmarks();
    const owners = new Map<string, string[]>();
    for (const { name, figures } of suites) {
      expect(figures.length).toBeGreaterThan(0);
      for (const label of new Set([name, ...figures])) {
        owners.set(label, [...(owners.get(label) ?? []), name]);
      }
    }
    const shared = [...owners].filter(([, names]) => names.length > 1);
    expect(shared).toEqual([]);
  });

  it('report what they declare (the quickest suite, run once)', async () => {
    const ipc = (await loadBenchmarks()).find((s) => s.name === 'ipc-dispatch-us');
    if (!ipc) throw new Error('no ipc-dispatch-us suite');
    expect(figureMismatch(ipc, await ipc.measure())).toBeUndefined();
  });

  it('refuses an unknown name at once, listing the names it knows', () => {
    const run = spawnSync(
      process.execPath,
      ['--experimental-strip-types', '--no-warnings', runner, 'no-such-figure'],
      { encoding: 'utf8' },
    );
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('No benchmark suite or figure is named no-such-figure.');
    expect(run.stderr).toMatch(/Suites: .*watermark-batch-ratio/);
    expect(run.stderr).toMatch(/Figures: .*watermark-polls-per-task/);
  });
});
