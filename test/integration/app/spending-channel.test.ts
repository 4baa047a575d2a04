import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src-main/core/app/app-core.ts';
import { createDispatch } from '../../../src-main/electron/ipc-registry.ts';
import { APP_ORIGIN } from '../../../src-main/electron/security.ts';
import { startBareCore } from '../../support/test-core.ts';

let dir: string;
let core: AppCore;

const invoke = (channel: string, payload?: unknown) =>
  createDispatch(core.handlers)({ frameUrl: `${APP_ORIGIN}/index.html` }, channel, payload);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-spending-channel-'));
  core = await startBareCore({ dataDir: path.join(dir, 'data'), name: 'spending-channel' });
});

afterAll(async () => {
  await core.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('the spending history over IPC', () => {
  it('answers a page with its sums, and names a project or month it cannot cover as a value', async () => {
    const { projectId } = await core.handlers['video:createProject']({ name: 'Ledger' });
    expect(await invoke('video:spending', { projectId, limit: 20 })).toEqual({
      ok: true,
      value: {
        lines: [],
        next: null,
        totals: { spentCents: 0, inFlightCents: 0, demoCents: 0, count: 0 },
        byMonth: [],
        byProject: [],
      },
    });
    expect(await invoke('video:spending', { projectId: 'gone', limit: 20 })).toEqual({
      ok: false,
      error: {
        code: 'SpendingFilterError',
        message: 'There is no project gone in this data folder.',
      },
    });
    expect(await invoke('video:spending', { month: '2026-3', limit: 20 })).toEqual({
      ok: false,
      error: {
        code: 'invalid-payload',
        message:
          'The request to video:spending was malformed: Give the month as YYYY-MM, such as 2026-03.',
      },
    });
    expect(await invoke('video:spending', { limit: 5000 })).toMatchObject({
      ok: false,
      error: { code: 'invalid-payload' },
    });
  });

  it('writes the CSV of nothing as its header alone, in a folder it makes', async () => {
    const saved = await core.account.exportSpending({ month: '2026-03' }, path.join(dir, 'books'));
    expect(saved).toEqual({
      path: path.join(dir, 'books', 'spending-2026-03.csv'),
      count: 0,
      demo: 0,
    });
    expect((await readFile(saved.path, 'utf8')).split('\r\n')[0]).toBe(
      'date,month,project,shot,round,round id,attempt,prompt,seconds reported,price per second (USD),USD,status,demo,demo: would cost (USD)',
    );
  });
});
