/**
 * `npm run bench [name…]`: runs every `*.bench.ts` suite here (or those named), prints a
 * table and writes `bench-results/latest.json`. Targets are reported, never asserted: this
 * machine is shared, so a figure is evidence to read, not a test to fail.
 */
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { renderTable, summarise, type Benchmark, type ReportRow } from './harness.ts';

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const resultsDir = fileURLToPath(new URL('../../bench-results', import.meta.url));
const wanted = process.argv.slice(2);

async function loadBenchmarks(): Promise<Benchmark[]> {
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

const suites = await loadBenchmarks();
const selected = wanted.length === 0 ? suites : suites.filter((s) => wanted.includes(s.name));
const figureFilter = wanted.length > 0 && selected.length === 0 ? wanted : undefined;
const toRun = figureFilter ? suites : selected;
if (toRun.length === 0) {
  console.error(
    `No benchmark named ${wanted.join(', ')}. Known: ${suites.map((s) => s.name).join(', ')}`,
  );
  process.exit(2);
}

const rows: ReportRow[] = [];
for (const suite of toRun) {
  process.stdout.write(`${suite.name}: ${suite.runs} runs `);
  const runs = [];
  for (let run = 0; run < suite.runs; run += 1) {
    runs.push(await suite.measure());
    process.stdout.write('.');
  }
  process.stdout.write('\n');
  const suiteRows = summarise(runs);
  rows.push(...(figureFilter ? suiteRows.filter((r) => figureFilter.includes(r.name)) : suiteRows));
}

console.log(`\n${renderTable(rows)}`);
await mkdir(resultsDir, { recursive: true });
await writeFile(path.join(resultsDir, 'latest.json'), `${JSON.stringify(rows, null, 2)}\n`);
console.log(`\nwrote ${path.relative(process.cwd(), path.join(resultsDir, 'latest.json'))}`);
