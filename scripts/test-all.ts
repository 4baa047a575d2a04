/**
 * `npm test`: every check that runs without the Electron binary, in order, then one summary
 * line in the `N passed, N failed, N skipped` form that CI reads. Every stage runs even when
 * an earlier one fails, so one run shows everything that is wrong.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string): string => path.join(root, 'node_modules', '.bin', name);
const reports = path.join(root, 'test-results');
const unitReport = path.join(reports, 'unit-report.json');
const stressReport = path.join(reports, 'stress-report.json');
const e2eReport = path.join(reports, 'e2e-report.json');

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface Stage {
  name: string;
  command: string;
  args: string[];
  /** Test stages report their counts; a check stage counts as one failure when it fails. */
  counts?: () => Counts;
  env?: Record<string, string>;
}

function readJson(file: string): unknown {
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
}

function vitestCounts(file: string): Counts {
  const report = readJson(file) as
    | {
        numPassedTests: number;
        numFailedTests: number;
        numPendingTests: number;
        numTodoTests: number;
      }
    | undefined;
  if (!report) return { passed: 0, failed: 0, skipped: 0 };
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests,
    skipped: report.numPendingTests + report.numTodoTests,
  };
}

function playwrightCounts(): Counts {
  const report = readJson(e2eReport) as
    { stats: { expected: number; unexpected: number; flaky: number; skipped: number } } | undefined;
  if (!report) return { passed: 0, failed: 0, skipped: 0 };
  const { expected, unexpected, flaky, skipped } = report.stats;
  return { passed: expected, failed: unexpected + flaky, skipped };
}

const stages: Stage[] = [
  { name: 'typecheck', command: bin('tsc'), args: ['-b'] },
  { name: 'lint', command: bin('eslint'), args: ['--max-warnings=0', '.'] },
  { name: 'format', command: bin('prettier'), args: ['--check', '--log-level=warn', '.'] },
  { name: 'build', command: bin('electron-vite'), args: ['build', '--logLevel', 'warn'] },
  {
    name: 'unit and integration',
    command: bin('vitest'),
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`],
    counts: () => vitestCounts(unitReport),
  },
  {
    name: 'end-to-end (Chromium)',
    command: bin('playwright'),
    args: ['test'],
    counts: playwrightCounts,
  },
  {
    // The short version of `npm run test:stress`: every scenario, at a smaller scale.
    name: 'stress (short)',
    command: bin('vitest'),
    args: [
      'run',
      '--config',
      'vitest.stress.config.ts',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${stressReport}`,
    ],
    env: { STRESS_SCALE: 'short' },
    counts: () => vitestCounts(stressReport),
  },
];

rmSync(unitReport, { force: true });
rmSync(e2eReport, { force: true });
rmSync(stressReport, { force: true });
mkdirSync(reports, { recursive: true });

const total: Counts = { passed: 0, failed: 0, skipped: 0 };
const lines: string[] = [];
for (const stage of stages) {
  console.log(`\n== ${stage.name} ==`);
  const result = spawnSync(stage.command, stage.args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...stage.env },
  });
  const succeeded = result.status === 0;
  const counts = stage.counts?.() ?? { passed: 0, failed: 0, skipped: 0 };
  if (!succeeded && counts.failed === 0) counts.failed = 1;
  total.passed += counts.passed;
  total.failed += counts.failed;
  total.skipped += counts.skipped;
  lines.push(
    stage.counts
      ? `${stage.name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`
      : `${stage.name}: ${succeeded ? 'ok' : 'FAILED'}`,
  );
}

console.log(`\n${lines.join('\n')}`);
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
process.exit(total.failed > 0 ? 1 : 0);
