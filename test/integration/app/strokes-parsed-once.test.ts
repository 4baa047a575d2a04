import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src-main/core/app/app-core.ts';
import { createDispatch } from '../../../src-main/electron/ipc-registry.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { strokeSchema } from '../../../src-shared/domain/strokes.ts';
import { makePhoto } from '../../support/images.ts';
import { startBareCore } from '../../support/test-core.ts';
import { stageFiles } from '../../support/staging.ts';

const KEY = 'cf-strokes-once-key';
const appPage = { frameUrl: 'app://clearframe/index.html' };
let dir: string;
let sim: Simulator;
let core: AppCore;

/**
 * Every check of one stroke, wherever it is made: the contract's lists of strokes, and any
 * schema built on them, run this one schema for each stroke they hold.
 */
const checks = { count: 0 };
const internals = strokeSchema._zod;
const run = internals.run.bind(internals);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-strokes-once-'));
  sim = await startSimulator({ accounts: [{ key: KEY, credits: 10 }] });
  core = await startBareCore({ dataDir: path.join(dir, 'data'), name: 'strokes-once' });
  await core.handlers['settings:update']({ watermarkBaseUrl: sim.watermarkBaseUrl });
  expect((await core.handlers['keys:set']({ kind: 'watermark', value: KEY })).test.ok).toBe(true);
  internals.run = (payload, context) => {
    checks.count += 1;
    return run(payload, context);
  };
});

afterAll(async () => {
  internals.run = run;
  await core.stop();
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

async function stagedToken(name: string): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, await makePhoto(64, 48, 'png', name.length));
  const { items } = await stageFiles(core, [file]);
  return items[0]?.token ?? '';
}

describe('drawn strokes on their way from the window to the service', () => {
  it('are checked once where they come in, and once more only when read back from the store', async () => {
    const token = await stagedToken('drawn.png');
    const dispatch = createDispatch(core.handlers);
    // Held until the count is read, so that no job starts (and reads its row) before.
    await core.handlers['watermark:pause'](undefined);
    checks.count = 0;
    const added = await dispatch(appPage, 'watermark:add', {
      items: [{ token, strokes: [{ kind: 'rect', x: 2, y: 2, width: 20, height: 10 }] }],
    });
    expect(added).toMatchObject({ ok: true, value: { added: 1 } });
    // The IPC gate's check; the desk, the empty-mask check and the engine take its value.
    expect(checks.count).toBe(1);
    await core.handlers['watermark:resume'](undefined);
    await expect
      .poll(async () => (await core.handlers['watermark:list'](undefined)).jobs[0]?.state, {
        timeout: 30_000,
        interval: 50,
      })
      .toBe('done');
    // The job read its row back when it started: what the disk holds is checked there.
    expect(checks.count).toBe(2);
  });

  it('are refused at the gate when malformed, before anything is stored', async () => {
    const token = await stagedToken('malformed.png');
    const before = (await core.handlers['watermark:list'](undefined)).jobs.length;
    const refused = await createDispatch(core.handlers)(appPage, 'watermark:add', {
      items: [
        { token, strokes: [{ kind: 'rect', x: 1, y: 1, width: 4, height: 4 }] },
        { token, strokes: [{ kind: 'brush', points: [], radius: 3 }] },
      ],
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-payload' } });
    expect((await core.handlers['watermark:list'](undefined)).jobs).toHaveLength(before);
  });
});
