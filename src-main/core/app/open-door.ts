import { createHash } from 'node:crypto';
import { chmodSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { MAX_ITEMS_PER_REQUEST } from '../../../src-shared/ipc/contract.ts';

/**
 * How `clearframe open PATHS` reaches the running app: a local socket (a named pipe on
 * Windows) the app listens on while it holds the data folder. The data folder's lock already
 * says whether the app runs; the socket carries the paths and the app's answer, so the
 * command can say that the window took them rather than hope. Launching the app's
 * executable with the paths (the single-instance route) would need the command, a Node
 * script, to know where that executable is installed, and would answer nothing.
 */

const requestSchema = z.strictObject({
  paths: z.array(z.string().min(1).max(4096)).min(1).max(MAX_ITEMS_PER_REQUEST),
});
const answerSchema = z.union([
  z.strictObject({ taken: z.number().int() }),
  z.strictObject({ refused: z.literal(true) }),
]);

/** Longest request read: ten thousand long paths, and no more. */
const MAX_REQUEST_BYTES = MAX_ITEMS_PER_REQUEST * 4200;
/** Unix socket paths longer than about 104 bytes (macOS) cannot be bound. */
const MAX_SOCKET_PATH = 100;

/** Where the app holding `dataDir` listens: in the folder itself when the path is short enough. */
export function openDoorAddress(dataDir: string, platform: NodeJS.Platform = process.platform) {
  const id = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  if (platform === 'win32') return `\\\\.\\pipe\\clearframe-${id}`;
  const inFolder = path.join(path.resolve(dataDir), 'clearframe.sock');
  return Buffer.byteLength(inFolder) <= MAX_SOCKET_PATH
    ? inFolder
    : path.join(os.tmpdir(), `clearframe-${id}.sock`);
}

export interface OpenDoor {
  readonly address: string;
  close(): Promise<void>;
}

function listen(server: net.Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/**
 * Listens for `clearframe open` on the data folder the caller holds (so a socket file left
 * by a crashed app is stale, and replaced). `take` stages the paths and says how many were new.
 */
export async function openDoor(
  dataDir: string,
  take: (paths: string[]) => number,
): Promise<OpenDoor> {
  const address = openDoorAddress(dataDir);
  const server = net.createServer((socket) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > MAX_REQUEST_BYTES)
        return void socket.end(`${JSON.stringify({ refused: true })}\n`);
      const end = text.indexOf('\n');
      if (end === -1) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(text.slice(0, end));
      } catch {
        parsed = undefined;
      }
      const request = requestSchema.safeParse(parsed);
      const answer = request.success ? { taken: take(request.data.paths) } : { refused: true };
      socket.end(`${JSON.stringify(answer)}\n`);
    });
  });
  try {
    await listen(server, address);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || process.platform === 'win32') {
      throw error;
    }
    unlinkSync(address);
    await listen(server, address);
  }
  // Only this user may hand the app files (the socket may be in the shared temporary folder).
  if (process.platform !== 'win32') chmodSync(address, 0o600);
  // The door never keeps a process alive on its own.
  server.unref();
  return {
    address,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Why the app could not be handed the paths. */
export type KnockFailure = 'no-answer' | 'refused';

/** Hands `paths` to the app holding `dataDir`; how many it took, or why not. */
export function knockOnOpenDoor(
  dataDir: string,
  paths: readonly string[],
  timeoutMs = 10_000,
): Promise<{ taken: number } | { failed: KnockFailure; problem?: string }> {
  return new Promise((resolve) => {
    const socket = net.connect(openDoorAddress(dataDir));
    let text = '';
    const finish = (result: { taken: number } | { failed: KnockFailure; problem?: string }) => {
      socket.destroy();
      resolve(result);
    };
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () => finish({ failed: 'no-answer', problem: 'timeout' }));
    socket.on('error', (error) => finish({ failed: 'no-answer', problem: error.message }));
    socket.on('connect', () => socket.write(`${JSON.stringify({ paths })}\n`));
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      const answer = answerSchema.safeParse(parsed);
      if (!answer.success) finish({ failed: 'no-answer', problem: 'unreadable answer' });
      else if ('taken' in answer.data) finish({ taken: answer.data.taken });
      else finish({ failed: 'refused' });
    });
  });
}
