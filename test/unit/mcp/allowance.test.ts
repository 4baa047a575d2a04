import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  Allowance,
  INTENT_KEEP_DAYS,
  LEDGER_FILE,
  LedgerDamagedError,
  intentKey,
} from '../../../src-main/mcp/allowance.ts';

let dir: string;
let now: Date;
const allowance = () =>
  new Allowance({
    dataDir: dir,
    limits: () => Promise.resolve({ creditsPerDay: 10, usdPerDay: 3 }),
    now: () => now,
  });

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-allowance-'));
  now = new Date(2026, 10, 27, 23, 30);
});

afterEach(() => rm(dir, { recursive: true, force: true }));

describe('the agent allowance', () => {
  it('reserves within the day, knows a call made again, refuses past the limit', async () => {
    const ledger = allowance();
    expect(await ledger.reserve('a', 'clean', { credits: 8, cents: 0 })).toEqual({ kind: 'new' });
    expect(await ledger.reserve('a', 'clean', { credits: 8, cents: 0 })).toMatchObject({
      kind: 'repeat',
    });
    const refused = await ledger.reserve('b', 'clean', { credits: 3, cents: 0 });
    expect(refused).toMatchObject({ kind: 'refused' });
    expect(await allowance().today()).toMatchObject({ credits: 8, cents: 0 });
    // A new calendar day on this computer starts the count again.
    now = new Date(2026, 10, 28, 0, 5);
    expect(await ledger.reserve('b', 'clean', { credits: 3, cents: 0 })).toEqual({ kind: 'new' });
  });

  it('takes two calls at once one after the other, so both cannot fit the last dollar', async () => {
    const ledger = allowance();
    const [first, second] = await Promise.all(
      ['x', 'y'].map((intent) =>
        ledger.serial(() =>
          ledger.reserve(intent, 'queue_video_round', { credits: 0, cents: 220 }),
        ),
      ),
    );
    expect([first?.kind, second?.kind]).toEqual(['new', 'refused']);
  });

  it(`keeps ${INTENT_KEEP_DAYS} days of intents, so a late retry is still known, and drops older ones`, async () => {
    const ledger = allowance();
    const dayOf = (offset: number) => new Date(2026, 10, 27 + offset, 12, 0);
    // One call a day for a month and a half, the day's total counted afresh each day.
    for (let day = 0; day < 45; day++) {
      now = dayOf(day);
      expect(await ledger.reserve(`day-${day}`, 'clean', { credits: 2, cents: 0 })).toEqual({
        kind: 'new',
      });
    }
    const stored = JSON.parse(await readFile(path.join(dir, LEDGER_FILE), 'utf8')) as {
      intents: Record<string, unknown>;
    };
    const kept = Array.from(
      { length: INTENT_KEEP_DAYS },
      (_, i) => `day-${45 - INTENT_KEEP_DAYS + i}`,
    );
    expect(Object.keys(stored.intents).sort()).toEqual(kept.sort());
    // The oldest call kept is still a repeat, never paid again; one past the bound is not known.
    expect(
      await ledger.reserve(`day-${45 - INTENT_KEEP_DAYS}`, 'clean', { credits: 2, cents: 0 }),
    ).toMatchObject({
      kind: 'repeat',
    });
    expect(await ledger.entry(`day-${44 - INTENT_KEEP_DAYS}`)).toBeUndefined();
    expect(await ledger.today()).toMatchObject({ credits: 2 });
  });

  it('sends nothing paid while its file cannot be read', async () => {
    await writeFile(path.join(dir, LEDGER_FILE), '{"version":1,"intents":{"a":{"day":3}}}');
    await expect(allowance().reserve('c', 'clean', { credits: 1, cents: 0 })).rejects.toThrow(
      LedgerDamagedError,
    );
  });

  it('derives the same key for the same call, and uses the client’s own when given', () => {
    expect(intentKey('clean', { paths: ['/a'], engine: 'service' })).toBe(
      intentKey('clean', { engine: 'service', paths: ['/a'] }),
    );
    expect(intentKey('clean', { paths: ['/b'] })).not.toBe(intentKey('clean', { paths: ['/a'] }));
    expect(intentKey('clean', { paths: ['/a'], intent: 'job-7' })).toBe('clean:job-7');
  });
});
