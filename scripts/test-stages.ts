import { spawn, spawnSync } from 'node:child_process';

/**
 * How `npm test` runs its stages: the checks that time nothing (types, lint, format, build)
 * all at once, each one's output held back and printed whole under its name when it ends;
 * then the test stages one after another on the terminal, so no timed test shares the
 * machine with another stage. Every stage runs even when an earlier one fails.
 */

export interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

export interface Stage {
  name: string;
  command: string;
  args: string[];
  /** Test stages report their counts; a check stage counts as one failure when it fails. */
  counts?: () => Counts;
  /** The failed tests, each named with the first line of why: listed above the summary. */
  failures?: () => string[];
  env?: Record<string, string>;
  /** Runs beside the other checks: it measures no time and no test waits on it. */
  check?: true;
}

interface Ended {
  succeeded: boolean;
  seconds: number;
}

/** A check with its output held back, printed whole under its name when it ends. */
function runCheck(stage: Stage, cwd: string): Promise<Ended> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(stage.command, stage.args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...stage.env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    let done = false;
    const ended = (succeeded: boolean) => {
      if (done) return;
      done = true;
      console.log(`\n== ${stage.name} ==`);
      if (output) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      resolve({ succeeded, seconds: (performance.now() - started) / 1000 });
    };
    child.once('error', (error) => {
      output += `${error.message}\n`;
      ended(false);
    });
    child.once('close', (code) => ended(code === 0));
  });
}

/** A test stage on the terminal, alone on the machine. */
function runTests(stage: Stage, cwd: string): Ended {
  console.log(`\n== ${stage.name} ==`);
  const started = performance.now();
  const result = spawnSync(stage.command, stage.args, {
    cwd,
    stdio: 'inherit',
    env: { ...process.env, ...stage.env },
  });
  return { succeeded: result.status === 0, seconds: (performance.now() - started) / 1000 };
}

/**
 * Runs every stage and returns the summary: a line per failed test, then a line per stage, in
 * the stages' order, with its wall time, then the `tests: N passed, N failed, N skipped` line
 * CI reads.
 */
export async function runStages(
  stages: readonly Stage[],
  cwd: string,
): Promise<{ lines: string[]; total: Counts }> {
  const checks = stages.filter((stage) => stage.check);
  const checksEnded = await Promise.all(checks.map((stage) => runCheck(stage, cwd)));
  const ends = new Map<Stage, Ended>(checks.map((stage, i) => [stage, checksEnded[i] as Ended]));
  for (const stage of stages.filter((each) => !each.check)) ends.set(stage, runTests(stage, cwd));

  const total: Counts = { passed: 0, failed: 0, skipped: 0 };
  const lines: string[] = [];
  for (const stage of stages) {
    for (const failure of stage.failures?.() ?? [])
      lines.push(`failed in ${stage.name}: ${failure}`);
  }
  for (const stage of stages) {
    const { succeeded, seconds } = ends.get(stage) as Ended;
    const counts = stage.counts?.() ?? { passed: 0, failed: 0, skipped: 0 };
    if (!succeeded && counts.failed === 0) counts.failed = 1;
    total.passed += counts.passed;
    total.failed += counts.failed;
    total.skipped += counts.skipped;
    const outcome = stage.counts
      ? `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`
      : succeeded
        ? 'ok'
        : 'FAILED';
    lines.push(`${stage.name}: ${outcome} (${Math.round(seconds)} s)`);
  }
  lines.push(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  return { lines, total };
}
