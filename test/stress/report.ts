import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FULL } from './world.ts';

const RESULTS_DIR = fileURLToPath(new URL('../../stress-results', import.meta.url));

/**
 * Prints one section of the stress report as a table and keeps it as
 * `stress-results/<section>.json` (with the scale it ran at), for the README's figures.
 */
export function reportSection(section: string, rows: ReadonlyArray<Record<string, unknown>>): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(
    path.join(RESULTS_DIR, `${section}.json`),
    `${JSON.stringify({ section, scale: FULL ? 'full' : 'short', at: new Date().toISOString(), rows }, null, 2)}\n`,
  );
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cell = (value: unknown): string =>
    typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);
  const widths = columns.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
  const line = (values: string[]) => values.map((v, i) => v.padEnd(widths[i] ?? 0)).join('  ');
  console.log(
    [
      `\n${section} (${FULL ? 'full' : 'short'})`,
      line(columns),
      ...rows.map((r) => line(columns.map((c) => cell(r[c])))),
    ].join('\n'),
  );
}
