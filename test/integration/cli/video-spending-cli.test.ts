import { parse } from 'csv-parse/sync';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpendingHistory } from '../../../src-shared/ipc/contract.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { runCli } from '../../support/cli-process.ts';
import { paidSubmissionsSentTwice } from '../../support/paid-submissions.ts';

const KEY = 'video-spending-cli-key';
let root: string;
let data: string;
let sim: Simulator;
let env: Record<string, string>;

type SpendingJson = Omit<SpendingHistory, 'next'> & { csv?: { path: string; count: number } };

const cli = (...args: string[]) => runCli(['video', ...args, '--data-dir', data], { env });

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'clearframe-spending-cli-'));
  data = path.join(root, 'data');
  sim = await startSimulator({
    accounts: [{ key: KEY, balanceUsd: 100 }],
    video: { pendingMs: 100, processingMs: 300, jitter: 0.2 },
  });
  env = { CLEARFRAME_VIDEO_KEY: KEY, CLEARFRAME_VIDEO_BASE_URL: sim.videoBaseUrl };
});

afterAll(async () => {
  expect(paidSubmissionsSentTwice(sim.requestLog())).toEqual([]);
  await sim.stop();
  await rm(root, { recursive: true, force: true });
});

describe('clearframe video spending', () => {
  let projectId: string;
  let month: string;

  beforeAll(async () => {
    const made = await cli('new', 'Harbour', '--json');
    projectId = (JSON.parse(made.stdout) as { projectId: string }).projectId;
    for (const [prompt, seconds] of [
      ['boats at night', '5'],
      ['lights, on, the water', '8'],
    ] as const) {
      expect(
        (await cli('add-round', projectId, '--prompt', prompt, '--duration', seconds)).code,
      ).toBe(0);
    }
    const run = await cli('run', '--out', path.join(root, 'out'));
    expect(run.code).toBe(0);
  });

  it('lists what each round was charged, from the seconds the service reported, and sums it', async () => {
    const listed = await cli('spending', '--json');
    expect(listed.code).toBe(0);
    const history = JSON.parse(listed.stdout) as SpendingJson;
    expect(history.totals).toEqual({ spentCents: 286, inFlightCents: 0, demoCents: 0, count: 2 });
    expect(history.lines.map((line) => [line.seconds, line.pricePerSecondUsd, line.cents])).toEqual(
      expect.arrayContaining([
        [5, 0.22, 110],
        [8, 0.22, 176],
      ]),
    );
    month = history.lines[0]?.month ?? '';
    expect(history.byMonth).toEqual([{ month, ...history.totals }]);
    expect(history.byProject).toEqual([
      { projectId, project: 'Harbour', removed: false, ...history.totals },
    ]);

    const words = await cli('spending', '--project', projectId, '--month', month);
    expect(words.code).toBe(0);
    expect(words.stdout).toMatch(
      /shot 1 round 1 "boats at night" {2}5 s × 0\.22 USD\/s = 1\.10 USD {2}charged/,
    );
    expect(words.stdout).toContain('Total: 2.86 USD spent, 0.00 USD in rounds sent and not over.');

    const before = await cli('spending', '--month', '2000-01');
    expect(before.stdout).toContain('nothing was sent to the service.');
    expect(before.stdout).toContain('Total: 0.00 USD spent');
  });

  it('writes the CSV, never over a file already there', async () => {
    const file = path.join(root, 'books', 'harbour.csv');
    const first = await cli('spending', '--project', projectId, '--csv', file);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Saved 2 charges as ${file}`);
    const again = await cli('spending', '--csv', file, '--json');
    const second = (JSON.parse(again.stdout) as SpendingJson).csv;
    expect(second).toEqual({ path: path.join(root, 'books', 'harbour-1.csv'), count: 2, demo: 0 });
    for (const written of [file, second?.path ?? '']) {
      const records = parse<Record<string, string>>(await readFile(written, 'utf8'), {
        columns: true,
      });
      expect(records.reduce((sum, record) => sum + Number(record['USD']), 0)).toBeCloseTo(2.86, 10);
      expect(records.map((record) => record['prompt']).sort()).toEqual([
        'boats at night',
        'lights, on, the water',
      ]);
    }
  });

  it('names a month or project it cannot read, with the usage exit code', async () => {
    const month13 = await cli('spending', '--month', '2026-13');
    expect(month13).toMatchObject({ code: 2, stdout: '' });
    expect(month13.stderr).toBe(
      'clearframe video spending: --month 2026-13 is not a month. Give the month as YYYY-MM, such as 2026-03. Try clearframe video spending --help.\n',
    );
    const words = await cli('spending', '--month', 'March');
    expect(words.code).toBe(2);
    expect(words.stderr).toContain('--month March is not a month.');
    const unknown = await cli('spending', '--project', 'no-such-project');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      'There is no project no-such-project in this data folder. "clearframe video status" lists',
    );
    const option = await cli('spending', '--year', '2026');
    expect(option.code).toBe(2);
    expect(option.stderr).toContain('unknown option --year');
  });

  it('explains itself with --help', async () => {
    const help = await cli('spending', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain(
      'clearframe video spending [--project id] [--month YYYY-MM] [--csv file]',
    );
    expect(help.stdout).toContain("this computer's time zone");
  });
});
