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
  /** Every figure the suite reports, so a figure's name selects its suite alone. */
  figures?: readonly string[];
  runs: number;
  measure(): Promise<Figure[]>;
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
