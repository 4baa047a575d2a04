import { spawnSync } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  playwrightCounts,
  playwrightFailures,
  vitestCounts,
  vitestFailures,
} from '../../scripts/test-reports.ts';

/**
 * The end of `npm test` names every failed test with why, read from the runners' own JSON
 * reports: here both runners really run a small suite with a passing test, a failing one
 * and (for vitest) a file that fails before any test runs.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = (name: string): string => path.join(root, 'node_modules', '.bin', name);
let dir: string;

beforeAll(async () => {
  // Inside the project, so the suites' imports find its node_modules.
  dir = path.join(root, 'test-results', `reports-${process.pid}`);
  await mkdir(dir, { recursive: true });
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the failed tests named at the end of a run', () => {
  it('names the failed vitest test and the file that broke on import, and counts the rest', async () => {
    const suite = path.join(dir, 'vitest');
    await mkdir(suite, { recursive: true });
    await writeFile(
      path.join(suite, 'sums.test.ts'),
      `import { describe, expect, it } from 'vitest';
describe('sums', () => {
  it('adds', () => expect(1 + 1).toBe(2));
  it('carries', () => expect(9 + 1).toBe(11));
});`,
    );
    await writeFile(
      path.join(suite, 'broken.test.ts'),
      `throw new Error('the set-up broke\\nsecond line');`,
    );
    const report = path.join(suite, 'report.json');
    spawnSync(
      bin('vitest'),
      ['run', '--root', suite, '--reporter=json', `--outputFile.json=${report}`],
      {
        cwd: suite,
        encoding: 'utf8',
      },
    );

    expect(vitestCounts(report)).toEqual({ passed: 1, failed: 1, skipped: 0 });
    const failures = vitestFailures(report, `${suite}/`).sort();
    expect(failures).toHaveLength(2);
    expect(failures[0]).toMatch(/^broken\.test\.ts: .*the set-up broke$/);
    expect(failures[1]).toMatch(/^sums\.test\.ts › sums carries: .*expected 10 to be 11/);
  });

  it('names the failed Playwright test with its describe and file', async () => {
    const suite = path.join(dir, 'playwright');
    await mkdir(suite, { recursive: true });
    const report = path.join(suite, 'report.json');
    await writeFile(
      path.join(suite, 'playwright.config.ts'),
      `export default ${JSON.stringify({
        testDir: suite,
        outputDir: path.join(suite, 'out'),
        reporter: [['json', { outputFile: report }]],
      })};`,
    );
    await writeFile(
      path.join(suite, 'words.spec.ts'),
      `import { expect, test } from '@playwright/test';
test.describe('words', () => {
  test('match', () => expect('a').toBe('a'));
  test('differ', () => expect('a').toBe('b'));
});`,
    );
    spawnSync(bin('playwright'), ['test', '--config', path.join(suite, 'playwright.config.ts')], {
      cwd: suite,
      encoding: 'utf8',
    });

    expect(playwrightCounts(report)).toEqual({ passed: 1, failed: 1, skipped: 0 });
    expect(playwrightFailures(report)).toEqual([
      expect.stringMatching(/^words\.spec\.ts › words › differ: .*toBe/),
    ]);
  });

  it('reads a report that was never written as nothing run, nothing named', () => {
    const missing = path.join(dir, 'never-written.json');
    expect(vitestCounts(missing)).toEqual({ passed: 0, failed: 0, skipped: 0 });
    expect(vitestFailures(missing, root)).toEqual([]);
    expect(playwrightFailures(missing)).toEqual([]);
  });
});
