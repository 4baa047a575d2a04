import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Notice } from '../../../src-shared/ipc/contract.ts';
import { textIntl } from '../../../src-shared/i18n/text-intl.ts';
import type { SecretStore } from '../../../src-main/core/secrets/keychain.ts';
import { KeychainStore } from '../../../src-main/core/secrets/keychain.ts';
import { APP_ORIGIN } from '../../../src-main/electron/security.ts';
import { startShell, type ShellStarted } from '../../../src-main/electron/shell-start.ts';
import { makeReadOnly } from '../../support/read-only-folder.ts';
import { standIns, testPlace } from '../../support/shell-stand-ins.ts';

/**
 * The shell's own start function with stand-ins for the Electron objects it calls: each
 * start-up fault must end in a window that says what happened, or, for anything else, in
 * a dialog that names the log file.
 */

let root: string;
let started: ShellStarted | undefined;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'clearframe-shell-start-'));
});

afterEach(async () => {
  await started?.core.stop();
  started = undefined;
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function startIn(
  dataDir: string,
  core: { secrets?: SecretStore; env?: Record<string, string> } = {},
): Promise<ReturnType<typeof standIns>> {
  const shell = standIns(dataDir);
  started = await startShell(
    shell.electron,
    testPlace(root, {
      core: {
        secrets: core.secrets ?? new KeychainStore(`Clearframe-shell-start-${process.pid}`),
        env: core.env ?? {},
      },
    }),
  );
  return shell;
}

async function noticesOf(shell: ReturnType<typeof standIns>): Promise<Notice[]> {
  const result = await shell.invoke<{ notices: Notice[] }>('app:notices');
  if (!result.ok) throw new Error(result.error.message);
  return result.value.notices;
}

function expectWindow(shell: ReturnType<typeof standIns>): void {
  expect(shell.errorBoxes).toEqual([]);
  expect(shell.quit).toBe(false);
  expect(shell.windows).toHaveLength(1);
  expect(shell.windows[0]?.loaded).toEqual([`${APP_ORIGIN}/index.html`]);
}

describe('the shell start, when the world around it is broken', () => {
  it("builds the menus in the window's language, and again when the language setting changes it", async () => {
    const shell = await startIn(path.join(root, 'menus'));
    // The system prefers Austrian German (see the stand-in app): German, until the setting says English.
    expect(shell.menus).toEqual([textIntl('de').formatMessage({ id: 'main.menu.file' })]);
    expect((await shell.invoke('settings:update', { language: 'en' })).ok).toBe(true);
    expect((await shell.invoke('settings:update', { theme: 'dark' })).ok).toBe(true);
    expect(shell.menus).toEqual([
      textIntl('de').formatMessage({ id: 'main.menu.file' }),
      textIntl('en').formatMessage({ id: 'main.menu.file' }),
    ]);
  });

  it('opens the window without notices when all is well', async () => {
    const shell = await startIn(path.join(root, 'fine'));
    expectWindow(shell);
    expect(await noticesOf(shell)).toEqual([]);
    // The window picks its language from what the system prefers, as Electron reports it.
    const info = await shell.invoke<{ languages: string[] }>('app:info');
    expect(info.ok && info.value.languages).toEqual(['de-AT', 'en-US']);
  });

  it('without a keychain: opens the window, says so, and keys from the environment still work', async () => {
    // A store that answers as the real one does when no Secret Service is on the bus.
    const { KeychainUnavailableError } = await import('../../../src-main/core/secrets/keychain.ts');
    const noKeychain: SecretStore = {
      get: () => Promise.reject(new KeychainUnavailableError(new Error('no D-Bus session'))),
      set: () => Promise.reject(new KeychainUnavailableError(new Error('no D-Bus session'))),
      delete: () => Promise.reject(new KeychainUnavailableError(new Error('no D-Bus session'))),
    };
    const shell = await startIn(path.join(root, 'no-keychain'), {
      secrets: noKeychain,
      env: { CLEARFRAME_WATERMARK_KEY: 'env-watermark-key-1234' },
    });
    expectWindow(shell);
    const [notice] = await noticesOf(shell);
    expect(notice?.level).toBe('warning');
    // The stand-in system prefers German (de-AT), so the engine's sentences are German.
    expect(notice?.message).toMatch(/Schlüsselbund/);
    expect(notice?.message).toMatch(/CLEARFRAME_WATERMARK_KEY/);

    const status = await shell.invoke<{ keys: unknown[] }>('keys:status');
    expect(status).toEqual({
      ok: true,
      value: {
        keys: [
          { kind: 'watermark', set: true, source: 'environment' },
          { kind: 'video', set: false, source: null },
        ],
      },
    });
    expect(started?.core.demoMode).toBe(false);

    const saved = await shell.invoke('keys:set', { kind: 'video', value: 'video-key-12345678' });
    expect(saved.ok).toBe(false);
    expect(!saved.ok && saved.error.message).toMatch(
      /^Der Schlüssel kann nicht gespeichert werden: .*Schlüsselbund.*CLEARFRAME_VIDEO_KEY/,
    );
  });

  it('with a damaged job database: sets it aside, names where, and starts a new queue', async () => {
    const dataDir = path.join(root, 'damaged');
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, 'clearframe.sqlite'), 'this is not a database'.repeat(200));
    const shell = await startIn(dataDir);
    expectWindow(shell);
    const notices = await noticesOf(shell);
    expect(notices).toHaveLength(1);
    const aside = /(\S+clearframe\.sqlite\.damaged-[\w-]+)/.exec(notices[0]?.message ?? '')?.[1];
    expect(aside).toBeDefined();
    // Said in the language the system prefers (de-AT here), as the window is.
    expect(notices[0]?.message).toBe(
      textIntl('de').formatMessage({ id: 'core.app.databaseSetAside' }, { aside: aside ?? '' }),
    );
    expect(readFileSync(aside ?? '', 'utf8')).toContain('this is not a database');
    const list = await shell.invoke<{ jobs: unknown[] }>('watermark:list');
    expect(list.ok && list.value.jobs).toEqual([]);
  });

  it('with unreadable settings: uses the defaults, keeps the file under a new name, and names it', async () => {
    const dataDir = path.join(root, 'bad-settings');
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, 'settings.json'), '{"demoMode": tru');
    const shell = await startIn(dataDir);
    expectWindow(shell);
    const [notice] = await noticesOf(shell);
    expect(notice?.message).toMatch(/Einstellungen konnten nicht gelesen werden.*Standardwerte/);
    const kept = (await readdir(dataDir)).find((name) => name.startsWith('settings.corrupt-'));
    expect(kept).toBeDefined();
    expect(notice?.message).toContain(path.join(dataDir, kept ?? ''));
    expect(readFileSync(path.join(dataDir, kept ?? ''), 'utf8')).toBe('{"demoMode": tru');
  });

  it('with a read-only data folder: says which folder and what to do, and still opens', async () => {
    const dataDir = path.join(root, 'read-only');
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, 'settings.json'), '{"version":1,"theme":"dark"}\n');
    const unmount = await makeReadOnly(dataDir);
    try {
      const shell = await startIn(dataDir);
      expectWindow(shell);
      const notices = await noticesOf(shell);
      const notice = notices.find((n) => n.level === 'error');
      expect(notice?.message).toContain(`kann nicht in seinen Datenordner ${dataDir} schreiben`);
      expect(notice?.message).toMatch(/Machen Sie den Ordner beschreibbar/);
      const list = await shell.invoke<{ jobs: unknown[] }>('watermark:list');
      expect(list.ok).toBe(true);
    } finally {
      await started?.core.stop();
      started = undefined;
      unmount();
    }
  });

  it('with any other start-up error: shows a dialog with the log file, and quits', async () => {
    // A data folder that is a file: nothing the start knows how to work around.
    const dataDir = path.join(root, 'a-file');
    await writeFile(dataDir, 'not a folder');
    const shell = await startIn(dataDir);
    expect(started).toBeUndefined();
    expect(shell.windows).toEqual([]);
    expect(shell.quit).toBe(true);
    expect(shell.errorBoxes).toHaveLength(1);
    const box = shell.errorBoxes[0];
    // In the system's language (German here, see the stand-in app): the settings may be what failed.
    expect(box?.title).toBe(textIntl('de').formatMessage({ id: 'main.startFailure.title' }));
    const logFile = /Die Einzelheiten stehen im Protokoll: (\S+)/.exec(box?.content ?? '')?.[1];
    expect(logFile).toBeDefined();
    expect(existsSync(logFile ?? '')).toBe(true);
    expect(readFileSync(logFile ?? '', 'utf8')).toContain('(startup)');
  });
});
