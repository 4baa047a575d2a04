import { randomUUID } from 'node:crypto';
import type { AgentQuestion, AgentQuestionAbout } from '../../src-shared/ipc/agent.ts';
import { askInWindow } from '../core/app/ask-door.ts';
import { DataFolderLock } from '../core/fs/data-folder-lock.ts';
import { said } from '../core/i18n/core-words.ts';
import type { Allowance, Cost, Reservation } from './allowance.ts';

/** How long a paid call past the allowance waits for the person's answer in the window. */
export const ASK_TIMEOUT_MS = 120_000;

export interface AskOptions {
  allowance: Allowance;
  dataDir: string;
  timeoutMs?: number;
  /** Whether the app runs on the data folder (its lock says so); a seam for tests. */
  appOpen?: () => boolean;
}

/**
 * Reserves a paid call's cost within the allowance; past it, while the app is open, asks
 * the person in the window first (the cost, one yes) and reserves it only on that yes. A
 * no, or no answer in time, refuses with the sentence that says so; without the app, the
 * allowance's own refusal stands. The yes is kept by intent: the agent's retry is a repeat.
 */
export async function reserveOrAsk(
  options: AskOptions,
  intent: string,
  tool: AgentQuestion['tool'],
  cost: Cost,
  about: AgentQuestionAbout = {},
): Promise<Reservation> {
  const { allowance, dataDir } = options;
  const reserved = await allowance.reserve(intent, tool, cost);
  if (reserved.kind !== 'refused') return reserved;
  const appOpen = options.appOpen ?? (() => DataFolderLock.holder(dataDir)?.kind === 'app');
  if (!appOpen()) return reserved;
  const timeoutMs = options.timeoutMs ?? ASK_TIMEOUT_MS;
  const answer = await askInWindow(
    dataDir,
    { ...about, id: randomUUID(), tool, ...cost },
    timeoutMs,
  );
  if (answer === 'yes') return allowance.reserve(intent, tool, cost, { allowedInWindow: true });
  if (answer === 'unreachable') return reserved;
  return {
    kind: 'refused',
    sentence:
      answer === 'no'
        ? said('mcp.asked.no')
        : said('mcp.asked.noAnswer', { seconds: Math.round(timeoutMs / 1000) }),
  };
}
