import { EventEmitter } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../../src-main/cli/main.ts';
import { KeychainStore } from '../../../src-main/core/secrets/keychain.ts';
import {
  followOpenRequests,
  OpenedFiles,
  pathsFromArgv,
} from '../../../src-main/electron/opened-files.ts';
import { startShell, type ShellStarted } from '../../../src-main/electron/shell-start.ts';
import { standIns, testPlace } from '../../support/shell-stand-ins.ts';

/**
 * Files opened with Clearframe reach the running window: a second launch's arguments (the
 * single-instance lock's `second-instance`), macOS's `open-file` (even before the start), and
 * `clearframe open` through the data folder's door. The shell's own start, with stand-ins for
 * Electron's objects; the app object is an event emitter, as Electron's is.
 */

let root: string;
let started: ShellStarted | undefined;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'clearframe-open-with-'));
});

afterEach(async () => {
  await started?.door?.close();
  await started?.core.stop();
  started = undefined;
  vi.restoreAllMocks();
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

async function startWith(dataDir: string, opened: OpenedFiles) {
  const shell = standIns(dataDir);
  started = await startShell(
    shell.electron,
    testPlace(root, {
      core: { secrets: new KeychainStore(`Clearframe-open-with-${process.pid}`), env: {} },
      opened,
    }),
  );
  return shell;
}

async function taken(shell: ReturnType<typeof standIns>): Promise<string[]> {
  const result = await shell.invoke<{ paths: string[] }>('app:takeOpened');
  if (!result.ok) throw new Error(result.error.message);
  return result.value.paths;
}

/** Runs `clearframe …` in this process and keeps what it printed. */
async function cli(args: string[]) {
  const printed: string[] = [];
  vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(line));
  vi.spyOn(console, 'error').mockImplementation((line: string) => void printed.push(line));
  const code = await main(args);
  vi.restoreAllMocks();
  return { code, printed: printed.join('\n') };
}

describe('opening files with Clearframe', () => {
  it('stages a second launch’s file arguments, and macOS’s opened files, in the first instance', async () => {
    const app = new EventEmitter();
    const opened = new OpenedFiles();
    let forward = 0;
    followOpenRequests(app, opened, { isPackaged: true, bringForward: () => (forward += 1) });
    // macOS asks to open a file as the app launches, before any window exists.
    let prevented = false;
    app.emit('open-file', { preventDefault: () => (prevented = true) }, '/Photos/early.heic');
    expect(prevented).toBe(true);

    const shell = await startWith(path.join(root, 'launches'), opened);
    expect(await taken(shell)).toEqual(['/Photos/early.heic']);

    // Windows and Linux start the program again; its command line comes here, with the
    // switches Chromium adds, and relative paths are the launching shell's.
    app.emit(
      'second-instance',
      {},
      ['/opt/Clearframe/clearframe', '--allow-file-access-from-files', 'beach.jpg', '/Shoot'],
      '/home/sam/Pictures',
    );
    expect(shell.windows[0]?.sent.filter((event) => event.channel === 'app:opened')).toEqual([
      { channel: 'app:opened', payload: { count: 2 } },
    ]);
    expect(await taken(shell)).toEqual(['/home/sam/Pictures/beach.jpg', '/Shoot']);
    // Each is given once.
    expect(await taken(shell)).toEqual([]);
    expect(forward).toBe(2);
  });

  it('reads no path from a launch without files, packed or run from the source folder', () => {
    const cwd = '/home/sam';
    expect(pathsFromArgv(['/opt/Clearframe/clearframe'], cwd, true)).toEqual([]);
    // `electron .` under a debugger: the switches come first, then the app's folder.
    expect(
      pathsFromArgv(
        ['electron', '--inspect=0', '--remote-debugging-port=0', '/src/app'],
        cwd,
        false,
      ),
    ).toEqual([]);
    expect(pathsFromArgv(['electron', '.', '--no-sandbox', 'a.png'], cwd, false)).toEqual([
      '/home/sam/a.png',
    ]);
  });

  it('`clearframe open` hands files to the running app, and says what to do when it does not run', async () => {
    const dataDir = path.join(root, 'door');
    const photos = path.join(root, 'door-photos');
    await mkdir(photos, { recursive: true });
    await writeFile(path.join(photos, 'a.png'), 'a');
    const opened = new OpenedFiles();
    const shell = await startWith(dataDir, opened);

    const sent = await cli(['open', path.join(photos, 'a.png'), photos, '--data-dir', dataDir]);
    expect(sent.code).toBe(0);
    expect(sent.printed).toMatch(/2 items were handed to the Clearframe window/);
    expect(await taken(shell)).toEqual([path.join(photos, 'a.png'), photos]);
    expect(shell.windows[0]?.sent.at(-1)).toEqual({
      channel: 'app:opened',
      payload: { count: 2 },
    });

    const missing = await cli(['open', path.join(photos, 'gone.png'), '--data-dir', dataDir]);
    expect(missing.code).toBe(1);
    expect(missing.printed).toContain(`${path.join(photos, 'gone.png')} does not exist`);

    const elsewhere = path.join(root, 'no-app');
    const notRunning = await cli(['open', photos, '--data-dir', elsewhere]);
    expect(notRunning.code).toBe(1);
    expect(notRunning.printed).toContain(`Clearframe is not open on the data folder ${elsewhere}`);
    expect(notRunning.printed).toContain('clearframe remove');
  });
});
