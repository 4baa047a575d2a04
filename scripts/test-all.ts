/**
 * `npm test`: every check that runs without the Electron binary, then one summary line in
 * the `N passed, N failed, N skipped` form that CI reads. Every stage runs even when an
 * earlier one fails, so one run shows everything that is wrong (test-stages.ts says how).
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  playwrightCounts,
  playwrightFailures,
  vitestCounts,
  vitestFailures,
} from './test-reports.ts';
import { runStages, type Stage } from './test-stages.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name: string): string => path.join(root, 'node_modules', '.bin', name);
const reports = path.join(root, 'test-results');
const unitReport = path.join(reports, 'unit-report.json');
const stressReport = path.join(reports, 'stress-report.json');
const e2eReport = path.join(reports, 'e2e-report.json');

const stages: Stage[] = [
  { name: 'typecheck', check: true, command: bin('tsc'), args: ['-b'] },
  { name: 'lint', check: true, command: bin('eslint'), args: ['--max-warnings=0', '.'] },
  {
    name: 'format',
    check: true,
    command: bin('prettier'),
    args: ['--check', '--log-level=warn', '.'],
  },
  {
    name: 'build',
    check: true,
    command: bin('electron-vite'),
    args: ['build', '--logLevel', 'warn'],
  },
  {
    name: 'unit and integration',
    command: bin('vitest'),
    args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`],
    counts: () => vitestCounts(unitReport),
    failures: () => vitestFailures(unitReport, root),
  },
  {
    name: 'end-to-end (Chromium)',
    command: bin('playwright'),
    args: ['test'],
    counts: () => playwrightCounts(e2eReport),
    failures: () => playwrightFailures(e2eReport),
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
    failures: () => vitestFailures(stressReport, root),
  },
];

rmSync(unitReport, { force: true });
rmSync(e2eReport, { force: true });
rmSync(stressReport, { force: true });
mkdirSync(reports, { recursive: true });

const { lines, total } = await runStages(stages, root);
console.log(`\n${lines.join('\n')}`);
process.exit(total.failed > 0 ? 1 : 0);
