/**
 * Vitest global setup: on Linux, a private D-Bus session with an unlocked GNOME Keyring in
 * temporary folders, so the keychain tests use a real Secret Service without touching the
 * developer's own keyring. Elsewhere the OS keychain is used as it is.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const KEYRING_DIR_ENV = 'CLEARFRAME_TEST_KEYRING_DIR';

function has(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

export default async function setup(): Promise<() => void> {
  if (process.platform !== 'linux' || !has('dbus-daemon') || !has('gnome-keyring-daemon')) {
    return () => undefined;
  }
  const root = mkdtempSync(path.join(os.tmpdir(), 'clearframe-keyring-'));
  const dirs = {
    HOME: 'home',
    XDG_RUNTIME_DIR: 'run',
    XDG_DATA_HOME: 'data',
    XDG_CONFIG_HOME: 'config',
    XDG_CACHE_HOME: 'cache',
  };
  const env: Record<string, string> = { ...(process.env as Record<string, string>) };
  for (const [name, dir] of Object.entries(dirs)) {
    env[name] = path.join(root, dir);
    mkdirSync(env[name], { recursive: true, mode: 0o700 });
  }
  const bus = spawnSync(
    'dbus-daemon',
    ['--session', '--fork', '--print-address=1', '--print-pid=1'],
    { env, encoding: 'utf8' },
  );
  const [address, pid] = bus.stdout.trim().split('\n');
  if (bus.status !== 0 || !address || !pid) {
    throw new Error(`dbus-daemon did not start: ${bus.stderr}`);
  }
  env['DBUS_SESSION_BUS_ADDRESS'] = address;
  const keyring = spawn('gnome-keyring-daemon', ['--unlock', '--components=secrets'], {
    env,
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  keyring.stdin.end('clearframe-test');
  await new Promise<void>((resolve, reject) => {
    keyring.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`gnome-keyring-daemon exited with ${code}`)),
    );
  });
  process.env['DBUS_SESSION_BUS_ADDRESS'] = address;
  process.env[KEYRING_DIR_ENV] = root;
  return () => {
    // The keyring daemon leaves by itself when its session bus goes away.
    spawnSync('kill', [pid]);
    rmSync(root, { recursive: true, force: true });
  };
}
