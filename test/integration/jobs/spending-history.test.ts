import { parse } from 'csv-parse/sync';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { VIDEO_PATHS, type VideoGenerateRequest } from '../../../src-shared/api/video.ts';
import { DEFAULT_SETTINGS, type Settings } from '../../../src-shared/domain/settings.ts';
import type { SpendingLine } from '../../../src-shared/ipc/contract.ts';
import { createTransport, type Transport } from '../../../src-main/core/api/http.ts';
import { Poller } from '../../../src-main/core/api/poller.ts';
import {
  SPENDING_CSV_COLUMNS,
  writeSpendingCsv,
} from '../../../src-main/core/jobs/spending/spending-csv.ts';
import {
  SpendingFilterError,
  SpendingLedger,
} from '../../../src-main/core/jobs/spending/spending-history.ts';
import { JobStore } from '../../../src-main/core/jobs/store/store.ts';
import { VideoArrangement } from '../../../src-main/core/jobs/video/video-arrangement.ts';
import type { VideoEngine } from '../../../src-main/core/jobs/video/video-engine.ts';
import { VideoRounds, type VideoRoundRow } from '../../../src-main/core/jobs/video/video-rounds.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { paidSubmissionsSentTwice } from '../../support/paid-submissions.ts';
import { scaledClock, type ScaledClock } from '../../support/scaled-clock.ts';
import { simulatorVideoEngine } from '../../support/simulator-engine.ts';

const KEY = 'spending-history-key';
const MODEL = 'videomodel-2-5';
const HOUR = 60 * 60 * 1000;
let dir: string;
let sim: Simulator;
let transport: Transport;
let settings: Settings;
let clock: ScaledClock;
let demo = false;
/** Rounds a test sends again on purpose ("Send again (paid)"): each reaches the service twice. */
let sentAgainOnPurpose = 0;

function request(text: string, duration: number): VideoGenerateRequest {
  return { model: MODEL, content: [{ type: 'text', text }], duration };
}

function engine(store: JobStore): VideoEngine {
  return simulatorVideoEngine({
    store,
    sim,
    key: KEY,
    transport,
    settings: () => settings,
    outputDir: path.join(dir, 'videos'),
    poller: new Poller({ clock }),
    demo: () => demo,
  });
}

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}

const generates = () =>
  sim.requestLog().filter((entry) => entry.path.endsWith(VIDEO_PATHS.generate));

/**
 * What the job database holds as spent, added up from its columns one round at a time: each
 * round's earlier attempts, plus its current attempt when it may have been billed (a task
 * id, or sent with its outcome unknown) and the simulator did not make it.
 */
function chargesInTheDatabase(store: JobStore): number {
  const rows = store.db.prepare('SELECT * FROM video_rounds').all() as VideoRoundRow[];
  let cents = 0;
  for (const row of rows) {
    cents += row.earlier_billed_cents;
    const mayBeBilled =
      row.remote_task_id !== null || ['submitting', 'needs-attention'].includes(row.state);
    if (mayBeBilled && row.demo === 0) cents += row.charged_cents ?? row.estimate_cents;
  }
  return cents;
}

/** Every line of the history, reading it a page of `limit` at a time as the window does. */
function allPages(ledger: SpendingLedger, limit: number): SpendingLine[] {
  const lines: SpendingLine[] = [];
  let offset: number | null = 0;
  while (offset !== null) {
    const page = ledger.history({}, { limit, offset });
    lines.push(...page.lines);
    offset = page.next;
  }
  return lines;
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-spending-history-'));
  // Local time: months are this computer's calendar months.
  clock = scaledClock(200, new Date(2026, 2, 30, 12, 0).getTime());
  sim = await startSimulator({
    now: () => clock.now(),
    accounts: [{ key: KEY, balanceUsd: 200 }],
    video: { pendingMs: 3000, processingMs: 30_000, jitter: 0.2 },
    faults: { retryAfterSeconds: 0 },
  });
  transport = createTransport({ timeoutMs: 5000 });
  settings = { ...DEFAULT_SETTINGS, concurrency: { watermark: 4, video: 3 } };
  demo = false;
  sentAgainOnPurpose = 0;
});

afterEach(async () => {
  expect(paidSubmissionsSentTwice(sim.requestLog()).map((entries) => entries.length)).toEqual(
    Array(sentAgainOnPurpose).fill(2),
  );
  await transport.close();
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('the spending history', () => {
  it('and its CSV add up to the charges in the job database, per month and per project', async () => {
    const store = JobStore.open(path.join(dir, 'jobs.sqlite'), { now: () => clock.now() });
    const run = engine(store);
    const harbour = run.rounds.createProject('Harbour');
    const quay = run.rounds.createProject('Quay');
    const harbourShot = run.rounds.addShot(harbour);
    const quayShot = run.rounds.addShot(quay);

    // March: two rounds finish; a third is canceled while the service makes it.
    const first = run.addRound(harbourShot, request('=boats, at "dusk"', 5)).roundId;
    const second = run.addRound(harbourShot, request('lights on the water', 8)).roundId;
    const canceled = run.addRound(quayShot, request('cranes swing', 10)).roundId;
    await until(() => run.rounds.round(canceled)?.state === 'processing');
    run.cancel([canceled]);
    await run.whenIdle();
    expect(run.rounds.round(canceled)?.state).toBe('canceled');

    // April: the canceled one is sent again and finishes; one round runs on the simulator.
    clock.jump(3 * 24 * HOUR);
    run.sendAgain([canceled]);
    sentAgainOnPurpose += 1;
    await run.whenIdle();
    demo = true;
    const demoRound = run.addRound(quayShot, request('gulls, demo', 5)).roundId;
    await run.whenIdle();
    demo = false;
    expect([first, second, canceled, demoRound].map((id) => run.rounds.round(id)?.state)).toEqual(
      Array(4).fill('done'),
    );
    // A removed round keeps its money in the history.
    new VideoArrangement(store, run.rounds).remove('round', second);
    // A round only queued was never sent: it is in no history.
    run.stop();
    run.rounds.addRound(harbourShot, request('not sent', 5), 110);

    const spent = chargesInTheDatabase(store);
    // 110 (5 s) + 176 (8 s) + 220 (canceled after sending) + 220 (sent again, 10 s).
    expect(spent).toBe(726);
    expect(run.rounds.spending()).toEqual({ spentCents: spent, inFlightCents: 0 });

    const ledger = new SpendingLedger(store);
    const history = ledger.history({}, { limit: 50 });
    expect(history.totals).toEqual({
      spentCents: spent,
      inFlightCents: 0,
      demoCents: 110,
      count: 5,
    });
    const lines = allPages(ledger, 2);
    expect(lines).toEqual(history.lines);
    expect(lines.filter((line) => !line.demo).reduce((sum, line) => sum + line.cents, 0)).toBe(
      spent,
    );
    // Newest first; the two March rounds sent together may come in either order.
    expect(lines.map((line) => line.at)).toEqual(
      lines.map((line) => line.at).sort((a, b) => b - a),
    );
    const described = lines.map((line) => [line.month, line.project, line.status, line.cents]);
    expect(described.slice(0, 3)).toEqual([
      // The simulator's round: what it would cost, never "charged".
      ['2026-04', 'Quay', 'demo', 110],
      ['2026-04', 'Quay', 'charged', 220],
      ['2026-03', 'Quay', 'estimated', 220],
    ]);
    expect(described.slice(3).sort((a, b) => Number(a[3]) - Number(b[3]))).toEqual([
      ['2026-03', 'Harbour', 'charged', 110],
      ['2026-03', 'Harbour', 'charged', 176],
    ]);
    const [demoLine, again, earlier] = lines;
    const removed = lines.find((line) => line.roundId === second);
    expect(demoLine).toMatchObject({ demo: true, roundId: demoRound });
    // Seconds as the service reported them, at the price charged; none for an estimate.
    expect(again).toMatchObject({ attempt: 2, seconds: 10, pricePerSecondUsd: 0.22 });
    expect(earlier).toMatchObject({ attempt: 1, seconds: null, pricePerSecondUsd: null });
    expect(removed).toMatchObject({ roundId: second, removed: true, seconds: 8 });
    expect(lines.find((line) => line.roundId === first)?.prompt).toBe('=boats, at "dusk"');

    expect(history.byMonth).toEqual([
      { month: '2026-04', spentCents: 220, inFlightCents: 0, demoCents: 110, count: 2 },
      { month: '2026-03', spentCents: 506, inFlightCents: 0, demoCents: 0, count: 3 },
    ]);
    expect(history.byProject.map((row) => [row.project, row.spentCents])).toEqual([
      ['Harbour', 286],
      ['Quay', 440],
    ]);
    const march = ledger.history({ month: '2026-03' }, { limit: 50 });
    expect(march.totals.spentCents).toBe(506);
    expect(march.byProject.map((row) => [row.project, row.spentCents])).toEqual([
      ['Harbour', 286],
      ['Quay', 220],
    ]);
    const quayOnly = ledger.history({ projectId: quay }, { limit: 50 });
    expect(quayOnly.totals).toMatchObject({ spentCents: 440, demoCents: 110, count: 3 });
    expect(() => ledger.history({ projectId: 'no-such-project' }, { limit: 5 })).toThrow(
      SpendingFilterError,
    );

    // The CSV never takes the name of a file already there, and adds up the same.
    const mine = path.join(dir, 'spending.csv');
    await writeFile(mine, 'my own notes\n');
    const saved = await writeSpendingCsv(ledger, {}, mine);
    expect(saved).toEqual({ path: path.join(dir, 'spending-1.csv'), count: 4, demo: 1 });
    expect(await readFile(mine, 'utf8')).toBe('my own notes\n');
    const records = parse<Record<(typeof SPENDING_CSV_COLUMNS)[number], string>>(
      await readFile(saved.path, 'utf8'),
      { columns: true },
    );
    expect(Object.keys(records[0] ?? {})).toEqual([...SPENDING_CSV_COLUMNS]);
    // The USD column adds up to what was spent, the demo round at nothing: its price stands apart.
    const csvCents = records.reduce((sum, record) => sum + Math.round(Number(record.USD) * 100), 0);
    expect(csvCents).toBe(spent);
    expect(records.find((record) => record['round id'] === demoRound)).toMatchObject({
      USD: '0.00',
      status: 'demo',
      demo: 'yes',
      'demo: would cost (USD)': '1.10',
    });
    expect(records.filter((record) => record.status === 'charged')).toHaveLength(3);
    expect(records.map((record) => record.month)).toEqual(lines.map((line) => line.month));
    // A prompt a spreadsheet would run as a formula stays text.
    expect(records.find((record) => record['round id'] === first)?.prompt).toBe(
      '\'=boats, at "dusk"',
    );
    store.close();
  });
});

describe('a monthly budget cap', () => {
  it('stops a round in the month the cap is reached and lets it through in the next', async () => {
    clock = scaledClock(200, new Date(2026, 2, 31, 23, 0).getTime());
    settings = { ...settings, budgetCapUsd: 3, budgetCapPeriod: 'month' };
    const store = JobStore.open(path.join(dir, 'jobs.sqlite'), { now: () => clock.now() });
    const run = engine(store);
    const shot = run.rounds.addShot(run.rounds.createProject('Month end'));

    const first = run.addRound(shot, request('the last night of March', 10)).roundId;
    await run.whenIdle();
    expect(run.rounds.round(first)?.state).toBe('done');
    const second = run.addRound(shot, request('the first morning of April', 10)).roundId;
    await run.whenIdle();
    const refused = run.rounds.round(second);
    expect(refused?.state).toBe('failed');
    expect(JSON.parse(refused?.error_json ?? '{}')).toMatchObject({
      code: 'SpendingRefusedError',
      message:
        'This round (2.20 USD) would take video spending in March 2026 to 4.40 USD, over your monthly budget cap of 3.00 USD: 2.20 USD spent this month and 0.00 USD in rounds already sent. Raise the cap in Settings, or retry this round in April 2026.',
    });
    expect(generates()).toHaveLength(1);

    // Past midnight, local time: April has spent nothing, so the same round goes through.
    clock.jump(2 * HOUR);
    expect(run.retry([second])).toBe(1);
    await run.whenIdle();
    expect(run.rounds.round(second)?.state).toBe('done');
    expect(generates()).toHaveLength(2);

    // Counted over all time instead, the two rounds leave no room for a third.
    settings = { ...settings, budgetCapPeriod: 'all-time' };
    const third = run.addRound(shot, request('a third', 5)).roundId;
    await run.whenIdle();
    expect(JSON.parse(run.rounds.round(third)?.error_json ?? '{}')).toMatchObject({
      message: expect.stringMatching(
        /would take video spending to 5\.50 USD, over your budget cap of 3\.00 USD: 4\.40 USD spent/,
      ),
    });
    expect(generates()).toHaveLength(2);
    store.close();
  });
});

describe('money kept before each attempt was recorded', () => {
  it('is one line dated when its round was made, and a note that cannot be read is passed over', () => {
    const store = JobStore.open(path.join(dir, 'jobs.sqlite'), { now: () => clock.now() });
    const ledger = new SpendingLedger(store);
    const made = new Date(2026, 0, 15, 9, 30).getTime();
    store.db.exec(`
      INSERT INTO video_projects (id, name, created_at) VALUES ('p', 'Old', ${made});
      INSERT INTO video_shots (id, project_id, position) VALUES ('s', 'p', 1);
      INSERT INTO video_rounds (id, shot_id, position, request_json, estimate_cents, state, attempt, earlier_billed_cents, created_at, updated_at)
        VALUES ('r', 's', 1, '{"model":"m","content":[{"type":"text","text":"old"}]}', 220, 'failed', 3, 440, ${made}, ${made});
      INSERT INTO job_events (job_id, kind, seq, state, at, detail_json)
        VALUES ('r', 'video', 1, 'queued', ${made}, 'not json'),
               ('r', 'video', 2, 'queued', ${made}, '{"earlierAttempt":{"attempt":2,"cents":"lots"}}');
    `);
    const history = ledger.history({}, { limit: 10 });
    expect(history.lines).toEqual([
      expect.objectContaining({
        roundId: 'r',
        attempt: null,
        at: made,
        cents: 440,
        month: '2026-01',
      }),
    ]);
    expect(history.totals.spentCents).toBe(new VideoRounds(store).spending().spentCents);
    store.close();
  });
});
