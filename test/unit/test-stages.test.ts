import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runStages, type Stage } from '../../scripts/test-stages.ts';

/**
 * `npm test` runs the checks that time nothing at once, and the test stages after them, one
 * at a time. The stand-in checks here each wait for the other to have started: run one after
 * the other, the first gives up and fails.
 */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-test-stages-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A node script as a stage's command. */
function script(name: string, source: string, extra: Partial<Stage> = {}): Stage {
  return { name, command: process.execPath, args: ['-e', source], ...extra };
}

/** A check that marks itself started, waits up to 20 s for `other` to start, then marks itself done. */
function meeting(name: string, other: string): Stage {
  return script(
    name,
    `
    const fs = require('node:fs');
    fs.writeFileSync(${JSON.stringify(path.join(dir, `${name}.started`))}, '');
    const other = ${JSON.stringify(path.join(dir, `${other}.started`))};
    const until = Date.now() + 20000;
    const wait = () => {
      if (fs.existsSync(other)) {
        console.log('${name} met ${other}');
        fs.writeFileSync(${JSON.stringify(path.join(dir, `${name}.done`))}, '');
        return;
      }
      if (Date.now() > until) { console.error('${other} never ran beside ${name}'); process.exit(1); }
      setTimeout(wait, 20);
    };
    wait();
    `,
    { check: true },
  );
}

describe('the stages of npm test', () => {
  it('runs the checks at once, then each test stage after every check has ended', async () => {
    const done = ['types', 'lint'].map((name) => path.join(dir, `${name}.done`));
    const tests = script(
      'unit',
      `process.exit(${JSON.stringify(done)}.every((f) => require('node:fs').existsSync(f)) ? 0 : 1)`,
      { counts: () => ({ passed: 3, failed: 0, skipped: 0 }) },
    );
    const failing = script('format', 'process.exit(2)', { check: true });
    const { lines, total } = await runStages(
      [meeting('types', 'lint'), meeting('lint', 'types'), failing, tests],
      dir,
    );
    expect(lines.map((line) => line.replace(/ \(\d+ s\)$/, ''))).toEqual([
      'types: ok',
      'lint: ok',
      'format: FAILED',
      'unit: 3 passed, 0 failed, 0 skipped',
      'tests: 3 passed, 1 failed, 0 skipped',
    ]);
    expect(lines.slice(0, 4).every((line) => / \(\d+ s\)$/.test(line))).toBe(true);
    expect(total).toEqual({ passed: 3, failed: 1, skipped: 0 });
  }, 60_000);

  it('counts a check whose command cannot start as a failure, and still runs the rest', async () => {
    const missing: Stage = {
      name: 'build',
      command: path.join(dir, 'no-such-command'),
      args: [],
      check: true,
    };
    const tests = script('e2e', 'process.exit(0)', {
      counts: () => ({ passed: 1, failed: 0, skipped: 1 }),
    });
    const { lines, total } = await runStages([missing, tests], dir);
    expect(lines[0]).toMatch(/^build: FAILED \(\d+ s\)$/);
    expect(total).toEqual({ passed: 1, failed: 1, skipped: 1 });
  });

  it('names each failed test above the stage lines, so the summary still ends on the totals', async () => {
    const tests = script('unit', 'process.exit(1)', {
      counts: () => ({ passed: 2, failed: 1, skipped: 0 }),
      failures: () => ['sums.test.ts › sums carries: expected 10 to be 11'],
    });
    const { lines } = await runStages([tests], dir);
    expect(lines.map((line) => line.replace(/ \(\d+ s\)$/, ''))).toEqual([
      'failed in unit: sums.test.ts › sums carries: expected 10 to be 11',
      'unit: 2 passed, 1 failed, 0 skipped',
      'tests: 2 passed, 1 failed, 0 skipped',
    ]);
  });
});
