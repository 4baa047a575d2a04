import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentQuestion } from '../../../src-shared/ipc/agent.ts';
import { askDoor, type AskDoor } from '../../../src-main/core/app/ask-door.ts';
import { AgentQuestions } from '../../../src-main/electron/agent-questions.ts';
import { Allowance } from '../../../src-main/mcp/allowance.ts';
import { reserveOrAsk, type AskOptions } from '../../../src-main/mcp/ask-window.ts';

/**
 * The agent door asking in the window: the MCP side's `reserveOrAsk` over the real local
 * socket to the shell's question desk, the window a stand-in that records what it is shown.
 */
let dir: string;
let door: AskDoor;
let allowance: Allowance;
let questions: AgentQuestions;
/** Every list of questions the window was shown, in order. */
const shown: AgentQuestion[][] = [];
let onShown: () => void = () => undefined;

/** Resolves once the window shows a list that `ready` accepts. */
function windowShows(ready: (list: AgentQuestion[]) => boolean): Promise<AgentQuestion[]> {
  return new Promise((resolve) => {
    const check = () => {
      const last = shown.at(-1);
      if (last && ready(last)) resolve(last);
      else onShown = check;
    };
    check();
  });
}

const CLEAN_SEVEN = { credits: 7, cents: 0 };

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-ask-'));
  // Nothing allowed per day: every paid call is past the allowance.
  allowance = new Allowance({
    dataDir: dir,
    limits: () => Promise.resolve({ creditsPerDay: 0, usdPerDay: 0 }),
  });
  questions = new AgentQuestions((list) => {
    shown.push(list);
    onShown();
  });
  door = await askDoor(dir, (question, gone) => questions.ask(question, gone));
});

afterAll(async () => {
  await door.close();
  await rm(dir, { recursive: true, force: true });
});

const withApp = (extra: Partial<AskOptions> = {}): AskOptions => ({
  allowance,
  dataDir: dir,
  appOpen: () => true,
  ...extra,
});

describe('a paid call past the allowance while the app is open', () => {
  it('waits for the yes in the window, cost first, reserves nothing before it, and one yes pays once', async () => {
    let settled = false;
    const call = reserveOrAsk(withApp(), 'clean:harbour', 'clean', CLEAN_SEVEN).finally(
      () => (settled = true),
    );
    const [question] = await windowShows((list) => list.length === 1);
    expect(question).toMatchObject({ tool: 'clean', credits: 7, cents: 0 });
    // Waiting: nothing reserved, so nothing the tool could send yet.
    expect(settled).toBe(false);
    expect(await allowance.entry('clean:harbour')).toBeUndefined();

    expect(questions.answer(question?.id as string, true)).toBe(true);
    expect(await call).toEqual({ kind: 'new' });
    expect(await allowance.entry('clean:harbour')).toMatchObject({
      credits: 7,
      allowedInWindow: true,
    });
    expect(shown.at(-1)).toEqual([]);
    expect((await allowance.today()).credits).toBe(7);

    // The agent retries the same call: recognised, not asked again, not paid again.
    const asked = shown.length;
    const again = await reserveOrAsk(withApp(), 'clean:harbour', 'clean', CLEAN_SEVEN);
    expect(again).toMatchObject({ kind: 'repeat', entry: { credits: 7 } });
    expect(shown.length).toBe(asked);
    expect((await allowance.today()).credits).toBe(7);
  });

  it('refuses on a no with the sentence, reserving nothing', async () => {
    const call = reserveOrAsk(withApp(), 'queue_video_round:pier', 'queue_video_round', {
      credits: 0,
      cents: 220,
    });
    const [question] = await windowShows((list) => list.length === 1);
    expect(question).toMatchObject({ tool: 'queue_video_round', cents: 220 });
    questions.answer(question?.id as string, false);
    const refused = await call;
    expect(refused).toMatchObject({ kind: 'refused' });
    expect(refused.kind === 'refused' && refused.sentence).toMatch(
      /^The person answered no in Clearframe's window: nothing was sent\./,
    );
    expect(await allowance.entry('queue_video_round:pier')).toBeUndefined();
  });

  it('refuses when nobody answers in time, and takes the question down so a late yes pays nothing', async () => {
    const call = reserveOrAsk(withApp({ timeoutMs: 1000 }), 'clean:late', 'clean', CLEAN_SEVEN);
    const [question] = await windowShows((list) => list.length === 1);
    const refused = await call;
    expect(refused.kind === 'refused' && refused.sentence).toMatch(
      /^Nobody answered in Clearframe's window within 1 second: nothing was sent\./,
    );
    await windowShows((list) => list.length === 0);
    expect(questions.answer(question?.id as string, true)).toBe(false);
    expect(await allowance.entry('clean:late')).toBeUndefined();
  });
});

describe('a paid call past the allowance without the app', () => {
  it('is refused as before, with how to allow it, and nothing is asked', async () => {
    const asked = shown.length;
    const refused = await reserveOrAsk(
      withApp({ appOpen: () => false }),
      'clean:closed',
      'clean',
      CLEAN_SEVEN,
    );
    expect(refused.kind === 'refused' && refused.sentence).toMatch(
      /raise "Agent allowance per day" in Settings, or start the server with --credits-per-day\./,
    );
    expect(shown.length).toBe(asked);
    expect(await allowance.entry('clean:closed')).toBeUndefined();
  });

  it('is refused as before when the app holds the folder but cannot be reached', async () => {
    const elsewhere = await mkdtemp(path.join(os.tmpdir(), 'clearframe-ask-none-'));
    try {
      const refused = await reserveOrAsk(
        withApp({
          dataDir: elsewhere,
          allowance: new Allowance({
            dataDir: elsewhere,
            limits: () => Promise.resolve({ creditsPerDay: 0, usdPerDay: 0 }),
          }),
        }),
        'clean:unreachable',
        'clean',
        CLEAN_SEVEN,
      );
      expect(refused.kind === 'refused' && refused.sentence).toMatch(/--credits-per-day\./);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
  });
});
