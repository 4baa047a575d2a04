/**
 * `npm run bench [name…]`: runs every `*.bench.ts` suite here (or only those that produce the
 * suites or figures named), prints a table and writes `bench-results/latest.json`. Targets are
 * reported, never asserted: this machine is shared, so a figure is evidence to read, not a
 * test to fail.
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  figureMismatch,
  renderTable,
  selectSuites,
  summarise,
  unknownNamesMessage,
  type Benchmark,
  type ReportRow,
} from './harness.ts';

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const resultsDir = fileURLToPath(new URL('../../bench-results', import.meta.url));

/** Every suite of every `*.bench.ts` file here, in file order. */
export async function loadBenchmarks(): Promise<Benchmark[]> {
  const files = (await readdir(benchDir)).filter((file) => file.endsWith('.bench.ts')).sort();
  const suites: Benchmark[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(path.join(benchDir, file)).href)) as {
      benchmarks: Benchmark[];
    };
    suites.push(...module.benchmarks);
  }
  return suites;
}

async function main(wanted: readonly string[]): Promise<void> {
  const all = await loadBenchmarks();
  const selection = selectSuites(all, wanted);
  if ('unknown' in selection) {
    console.error(unknownNamesMessage(all, selection.unknown));
    process.exit(2);
  }
  const rows: ReportRow[] = [];
  for (const suite of selection.suites) {
    process.stdout.write(`${suite.name}: ${suite.runs} runs `);
    const runs = [];
    for (let run = 0; run < suite.runs; run += 1) {
      const figures = await suite.measure();
      const mismatch = figureMismatch(suite, figures);
      if (mismatch) throw new Error(mismatch);
      runs.push(figures);
      process.stdout.write('.');
    }
    process.stdout.write('\n');
    rows.push(...summarise(runs).filter(selection.show));
  }

  console.log(`\n${renderTable(rows)}`);
  await mkdir(resultsDir, { recursive: true });
  await writeFile(path.join(resultsDir, 'latest.json'), `${JSON.stringify(rows, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(process.cwd(), path.join(resultsDir, 'latest.json'))}`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main(process.argv.slice(2));
