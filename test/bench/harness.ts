/** What one benchmark reports for one run; the runner takes medians over several runs. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** Measured in the same run, so noise on this machine hits both sides alike. */
  baseline?: number;
  target?: Target;
}

/** A bound on the value, or on value/baseline when `of` is `ratio`. */
export interface Target {
  op: '<=' | '>=' | '<' | '>';
  value: number;
  of: 'value' | 'ratio';
}

export interface Benchmark {
  /** The suite's name; `npm run bench <name>` selects suites or single figures by name. */
  name: string;
  /**
   * Every figure one run reports, by name: the runner picks a suite by one of them without
   * running the others, and refuses a run whose figures differ from these.
   */
  figures: readonly string[];
  runs: number;
  measure(): Promise<Figure[]>;
}

/** The suites to run for the names asked for, and which rows to show; or the names not known. */
export type Selection =
  { suites: Benchmark[]; show: (row: ReportRow) => boolean } | { unknown: string[] };

/**
 * Each name is a suite (all its figures are shown) or a figure (its suite runs and that row
 * is shown). No names: every suite, every row.
 */
export function selectSuites(all: readonly Benchmark[], wanted: readonly string[]): Selection {
  if (wanted.length === 0) return { suites: [...all], show: () => true };
  const unknown = wanted.filter(
    (name) => !all.some((suite) => suite.name === name || suite.figures.includes(name)),
  );
  if (unknown.length > 0) return { unknown };
  const whole = new Set(all.filter((suite) => wanted.includes(suite.name)));
  const suites = all.filter(
    (suite) => whole.has(suite) || suite.figures.some((figure) => wanted.includes(figure)),
  );
  return {
    suites,
    show: (row) =>
      wanted.includes(row.name) || [...whole].some((suite) => suite.figures.includes(row.name)),
  };
}

/** The sentence that refuses unknown names, with every name that can be asked for. */
export function unknownNamesMessage(all: readonly Benchmark[], unknown: readonly string[]): string {
  const figures = all.flatMap((suite) => suite.figures.filter((figure) => figure !== suite.name));
  return [
    `No benchmark suite or figure is named ${unknown.join(', ')}.`,
    `Suites: ${all.map((suite) => suite.name).join(', ')}.`,
    `Figures: ${figures.join(', ')}.`,
    'Run `npm run bench -- NAME` with one of these, or with no name for every suite.',
  ].join('\n');
}

/** What is wrong with one run's figures against what the suite declares, or undefined. */
export function figureMismatch(suite: Benchmark, reported: readonly Figure[]): string | undefined {
  const names = reported.map((figure) => figure.name);
  const undeclared = names.filter((name) => !suite.figures.includes(name));
  const missing = suite.figures.filter((name) => !names.includes(name));
  if (undeclared.length === 0 && missing.length === 0) return undefined;
  return [
    `The suite ${suite.name}`,
    undeclared.length > 0 ? ` reported figures it does not declare (${undeclared.join(', ')})` : '',
    undeclared.length > 0 && missing.length > 0 ? ' and' : '',
    missing.length > 0 ? ` did not report ${missing.join(', ')}` : '',
    ': make its `figures` list what `measure` returns.',
  ].join('');
}

export interface ReportRow {
  name: string;
  value: number;
  unit: string;
  baseline?: number;
  ratio?: number;
  target?: Target;
  met?: boolean;
  runs: number;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function meets(target: Target, subject: number): boolean {
  switch (target.op) {
    case '<=':
      return subject <= target.value;
    case '>=':
      return subject >= target.value;
    case '<':
      return subject < target.value;
    case '>':
      return subject > target.value;
  }
}

/** Folds the figures of several runs of one benchmark into one row per figure name. */
export function summarise(runs: readonly Figure[][]): ReportRow[] {
  const byName = new Map<string, Figure[]>();
  for (const figure of runs.flat()) {
    const list = byName.get(figure.name) ?? [];
    list.push(figure);
    byName.set(figure.name, list);
  }
  return [...byName.entries()].map(([name, figures]) => {
    const first = figures[0] as Figure;
    const row: ReportRow = {
      name,
      value: median(figures.map((f) => f.value)),
      unit: first.unit,
      runs: figures.length,
    };
    const baselines = figures.flatMap((f) => (f.baseline === undefined ? [] : [f.baseline]));
    if (baselines.length > 0) {
      row.baseline = median(baselines);
      row.ratio = row.baseline === 0 ? Number.POSITIVE_INFINITY : row.value / row.baseline;
    }
    if (first.target) {
      row.target = first.target;
      const subject = first.target.of === 'ratio' ? row.ratio : row.value;
      row.met = subject !== undefined && meets(first.target, subject);
    }
    return row;
  });
}

function format(value: number | undefined): string {
  if (value === undefined) return '';
  if (!Number.isFinite(value)) return String(value);
  const magnitude = Math.abs(value);
  return magnitude >= 100
    ? value.toFixed(0)
    : magnitude >= 1
      ? value.toFixed(2)
      : value.toPrecision(3);
}

export function renderTable(rows: readonly ReportRow[]): string {
  const header = ['benchmark', 'value', 'unit', 'baseline', 'ratio', 'target', 'met', 'runs'];
  const body = rows.map((row) => [
    row.name,
    format(row.value),
    row.unit,
    format(row.baseline),
    format(row.ratio),
    row.target ? `${row.target.of} ${row.target.op} ${row.target.value}` : '',
    row.met === undefined ? '' : row.met ? 'yes' : 'NO',
    String(row.runs),
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...body.map((cells) => (cells[column] ?? '').length)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n');
}
