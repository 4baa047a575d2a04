import { chmodSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import { z } from 'zod';
import { agentQuestionSchema, type AgentQuestion } from '../../../src-shared/ipc/agent.ts';
import { openDoorAddress } from './open-door.ts';

/**
 * How the agent door (`clearframe mcp`) asks the person in the running window about a paid
 * call past the allowance: a local socket beside `clearframe open`'s, one question a
 * connection. The agent side stops waiting by closing the connection; the app then takes
 * the question down, so a late yes can never send anything.
 */

const answerSchema = z.strictObject({ yes: z.boolean() });

/** One JSON line read against its schema; undefined when it is not one. */
function readLine<T>(schema: z.ZodType<T>, line: string): T | undefined {
  try {
    return schema.safeParse(JSON.parse(line)).data;
  } catch {
    return undefined;
  }
}

/** Where the app holding `dataDir` listens for questions. */
export function askDoorAddress(dataDir: string, platform: NodeJS.Platform = process.platform) {
  const open = openDoorAddress(dataDir, platform);
  return platform === 'win32' ? `${open}-ask` : open.replace(/\.sock$/, '-ask.sock');
}

/** Asks the person; `gone` aborts when the agent stopped waiting. */
export type AskPerson = (question: AgentQuestion, gone: AbortSignal) => Promise<boolean>;

export interface AskDoor {
  readonly address: string;
  close(): Promise<void>;
}

function answerQuestion(socket: net.Socket, ask: AskPerson): void {
  const gone = new AbortController();
  let text = '';
  let asked = false;
  socket.setEncoding('utf8');
  socket.on('error', () => socket.destroy());
  socket.on('close', () => gone.abort());
  socket.on('data', (chunk: string) => {
    text += chunk;
    const end = text.indexOf('\n');
    if (asked || end === -1) return void (text.length > 4096 && socket.destroy());
    asked = true;
    const question = readLine(agentQuestionSchema, text.slice(0, end));
    if (!question) return void socket.end(`${JSON.stringify({ yes: false })}\n`);
    void ask(question, gone.signal).then(
      (yes) => socket.end(`${JSON.stringify({ yes })}\n`),
      () => socket.end(`${JSON.stringify({ yes: false })}\n`),
    );
  });
}

/** Listens for the agent door's questions on the data folder the caller holds. */
export async function askDoor(dataDir: string, ask: AskPerson): Promise<AskDoor> {
  const address = askDoorAddress(dataDir);
  const server = net.createServer((socket) => answerQuestion(socket, ask));
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(address, () => {
        server.off('error', reject);
        resolve();
      });
    });
  try {
    await listen();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || process.platform === 'win32') {
      throw error;
    }
    // The caller holds the data folder: a socket file there is a crashed app's.
    unlinkSync(address);
    await listen();
  }
  if (process.platform !== 'win32') chmodSync(address, 0o600);
  server.unref();
  return { address, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The person's answer: yes, no, none in time, or no window to ask (`unreachable`). */
export type WindowAnswer = 'yes' | 'no' | 'no-answer' | 'unreachable';

/** Asks the app holding `dataDir`, waiting at most `timeoutMs` for the person. */
export function askInWindow(
  dataDir: string,
  question: AgentQuestion,
  timeoutMs: number,
): Promise<WindowAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect(askDoorAddress(dataDir));
    let connected = false;
    let text = '';
    const finish = (answer: WindowAnswer) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const timer = setTimeout(() => finish(connected ? 'no-answer' : 'unreachable'), timeoutMs);
    socket.setEncoding('utf8');
    socket.on('error', () => finish(connected ? 'no-answer' : 'unreachable'));
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(question)}\n`);
    });
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('end', () => {
      const answer = readLine(answerSchema, text);
      if (!answer) finish('no-answer');
      else finish(answer.yes ? 'yes' : 'no');
    });
  });
}
