import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, pruneLogs } from '../../../src-main/core/diagnostics/logger.ts';
import { ApiKeys } from '../../../src-main/core/secrets/api-keys.ts';
import { KeychainStore } from '../../../src-main/core/secrets/keychain.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { makePhoto } from '../../support/images.ts';
import { mountSmallDisk } from '../../support/small-disk.ts';
import { startBareCore } from '../../support/test-core.ts';

const KEY = 'cf-LOGTEST-9d41c7e2aa';
let dir: string;
let sim: Simulator;

async function logText(logsDir: string): Promise<string> {
  // electron-log writes in the background; give it a moment to reach the disk.
  await new Promise((resolve) => setTimeout(resolve, 300));
  const names = await readdir(logsDir);
  const texts = await Promise.all(names.map((name) => readFile(path.join(logsDir, name), 'utf8')));
  return texts.join('\n');
}

// A real full disk, where this user may mount one (root, as in CI).
const disk = mountSmallDisk('log-disk', '1m');
if (disk.whyNot) console.log(`disk-full log test skipped: ${disk.whyNot}`);

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-logs-'));
  sim = await startSimulator({ accounts: [{ key: KEY, credits: 50 }] });
});

afterAll(async () => {
  disk.unmount();
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('logs never hold a key', () => {
  it('through every level and scope of the logger, in every shape a key can take', async () => {
    const logsDir = path.join(dir, 'direct');
    // Reading the key through ApiKeys registers it, as the app does before any request.
    const keys = new ApiKeys(new KeychainStore('Clearframe-logtest'), {});
    await keys.set('watermark', KEY);
    expect(await keys.read('watermark')).toBe(KEY);
    const log = createLogger({ dir: logsDir });
    const unregistered = 'cf-never-registered-5511';
    log.info('app', `plain ${KEY}`);
    log.info('http', {
      headers: { Authorization: `Bearer ${KEY}` },
      key: KEY,
      nested: { deeper: [KEY] },
    });
    log.warn(
      'jobs',
      `https://backend.example/x?api_key=${unregistered}&n=1`,
      `{"token":"${unregistered}"}`,
    );
    log.error('main', new Error(`request failed with key ${KEY}`));
    log.error('main', `authorization: Bearer ${unregistered}`);
    await keys.clear('watermark');
    const text = await logText(logsDir);
    expect(text).toContain('[redacted]');
    expect(text).toContain('(jobs)');
    expect(text).not.toContain(KEY);
    expect(text).not.toContain(unregistered);
    expect(JSON.stringify(log.recentProblems())).not.toContain(KEY);
  });

  it('from the app core: a key set, tested and cleared, a broken file refused, diagnostics copied', async () => {
    const dataDir = path.join(dir, 'app');
    const core = await startBareCore({
      dataDir,
      name: 'logtest-core',
      previewBase: 'clearframe-preview://job/',
    });
    try {
      await core.handlers['settings:update']({ watermarkBaseUrl: sim.watermarkBaseUrl });
      const wrong = await core.handlers['keys:set']({ kind: 'watermark', value: `${KEY}-wrong` });
      expect(wrong.test.ok).toBe(false);
      const set = await core.handlers['keys:set']({ kind: 'watermark', value: KEY });
      expect(set.test.ok).toBe(true);
      const broken = path.join(dir, 'broken.png');
      await writeFile(broken, `not a png, and the key ${KEY}`);
      // Refused before it is a job (its pixels cannot be read), with its reason, key unsaid.
      const added = await core.handlers['watermark:add']({ paths: [broken] });
      expect(added.added).toBe(0);
      expect(JSON.stringify(added.skipped)).toContain('broken.png');
      expect(JSON.stringify(added.skipped)).not.toContain(KEY);
      const report = await core.handlers['diagnostics:report'](undefined);
      expect(report.text).toContain('watermark set (keychain)');
      expect(report.text).not.toContain(KEY);
      await core.handlers['keys:clear']({ kind: 'watermark' });
    } finally {
      await core.stop();
    }
    const text = await logText(core.paths.logsDir);
    expect(text).toContain('the watermark key passed its test and was saved');
    expect(text).not.toContain(KEY);
  });

  it('keeps two weeks of daily files', async () => {
    const logsDir = path.join(dir, 'old');
    await mkdir(logsDir, { recursive: true });
    for (const day of ['2026-10-01', '2026-11-08', '2026-11-09', '2026-11-21']) {
      await writeFile(path.join(logsDir, `clearframe-${day}.log`), 'x');
    }
    await writeFile(path.join(logsDir, 'clearframe-2026-10-01.log.old.log'), 'x');
    await writeFile(path.join(logsDir, 'notes.txt'), 'not ours');
    const removed = pruneLogs(logsDir, new Date('2026-11-22T10:00:00Z'));
    expect(removed.sort()).toEqual([
      'clearframe-2026-10-01.log',
      'clearframe-2026-10-01.log.old.log',
      'clearframe-2026-11-08.log',
    ]);
    expect((await readdir(logsDir)).sort()).toEqual(
      expect.arrayContaining([
        'clearframe-2026-11-09.log',
        'clearframe-2026-11-21.log',
        'notes.txt',
      ]),
    );
  });
});

describe('a full disk in the log', () => {
  it.skipIf(disk.at === undefined)(
    'a job that waits for disk space says so in the log, and again when it goes on',
    async () => {
      const dataDir = path.join(dir, 'full-disk');
      const core = await startBareCore({ dataDir, name: 'logtest-disk' });
      const photo = path.join(dir, 'harbour.png');
      await writeFile(photo, await makePhoto(320, 240));
      try {
        await core.handlers['settings:update']({
          watermarkBaseUrl: sim.watermarkBaseUrl,
          outputFolder: disk.at ?? '',
        });
        expect((await core.handlers['keys:set']({ kind: 'watermark', value: KEY })).test.ok).toBe(
          true,
        );
        // Leave less room than one result needs.
        const filler = await disk.fill(4 * 1024);
        await core.handlers['watermark:add']({ paths: [photo] });
        await expect
          .poll(() => logText(core.paths.logsDir), { timeout: 20_000 })
          .toMatch(/harbour\.png waits for disk space: The disk holding .* is full\./);
        await rm(filler);
        await expect
          .poll(async () => (await core.handlers['watermark:list'](undefined)).jobs[0]?.state, {
            timeout: 20_000,
          })
          .toBe('done');
      } finally {
        await core.handlers['keys:clear']({ kind: 'watermark' });
        await core.stop();
      }
      expect(await logText(core.paths.logsDir)).toContain(
        'harbour.png goes on: there is room on the disk again',
      );
    },
  );
});
