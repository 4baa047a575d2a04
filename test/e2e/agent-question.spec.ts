import { mkdir, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { expect, test, type Page } from '@playwright/test';
import type { AgentQuestion } from '../../src-shared/ipc/agent.ts';
import { WATERMARK_PATHS } from '../../src-shared/api/watermark.ts';
import { askDoor, askDoorAddress } from '../../src-main/core/app/ask-door.ts';
import type { AgentQuestions } from '../../src-main/electron/agent-questions.ts';
import { makePhoto } from '../support/images.ts';
import { paidSubmissionsSentTwice } from '../support/paid-submissions.ts';
import { connectApp, expectAccessible, saveScreenshots, useAppWorld } from './harness.ts';

/**
 * The agent door's question in the window: a paid call of `clearframe mcp` past the
 * allowance, while the app runs, waits for the person's yes or no here. The first test runs
 * the whole way: the SDK's own client drives the real server, which asks over the real ask
 * door; the second raises questions on that door as an agent would, and gives one up.
 */
const KEY = 'cf-agent-question-e2e-7d3a';
const world = useAppWorld({
  accounts: [{ key: KEY, credits: 100 }],
  watermark: { processingMs: 150, jitter: 0 },
});
const cli = fileURLToPath(new URL('../../src-main/cli/main.ts', import.meta.url));

/** A few small photos in a folder of their own. */
async function photosIn(name: string, count: number, seed: number): Promise<string> {
  const folder = path.join(world.dir, name);
  await mkdir(folder, { recursive: true });
  for (let i = 0; i < count; i += 1) {
    await writeFile(
      path.join(folder, `${name}-${i}.png`),
      await makePhoto(64, 48, 'png', seed + i),
    );
  }
  return folder;
}

const submits = () =>
  world.sim.requestLog().filter((entry) => entry.path.endsWith(WATERMARK_PATHS.submit));

/** The window in both themes at both sizes, and axe's word on the question in each theme. */
async function lookAt(page: Page, name: string): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.evaluate((shown) => {
      document.documentElement.dataset['theme'] = shown;
    }, theme);
    await expectAccessible(page);
    await saveScreenshots(page, `${name}-${theme}`);
  }
}

/** The app's window, with the shell's ask door on its data folder as the shell opens it. */
async function openApp(page: Page) {
  const core = await world.startCore({ agentAllowance: { creditsPerDay: 0, usdPerDay: 0 } });
  expect((await core.handlers['keys:set']({ kind: 'watermark', value: KEY })).test.ok).toBe(true);
  let desk: AgentQuestions | undefined;
  await connectApp(page, world.server, core, { onAgentQuestions: (given) => (desk = given) });
  const dataDir = path.join(world.dir, 'data');
  const door = await askDoor(dataDir, (question, gone) =>
    (desk as AgentQuestions).ask(question, gone),
  );
  await page.goto(world.server.url);
  return { core, dataDir, door };
}

test('a paid agent call past the allowance asks in the window: yes sends it once, no sends nothing', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const harbour = await photosIn('harbour', 3, 1);
  const dunes = await photosIn('dunes', 2, 10);
  const { dataDir, door } = await openApp(page);
  const client = new Client({ name: 'Claude Code', version: '2.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['--experimental-strip-types', '--no-warnings', cli, 'mcp', '--data-dir', dataDir],
      env: { ...(process.env as Record<string, string>), LANG: 'C', LC_ALL: '' },
      stderr: 'pipe',
    }),
  );
  const clean = async (paths: string[]) => {
    const result = await client.callTool({
      name: 'clean',
      arguments: { paths, engine: 'service', mask_rect: '4,4,20,12' },
    });
    const [content] = result.content as Array<{ text: string }>;
    return {
      value: JSON.parse(content?.text ?? '{}') as Record<string, unknown>,
      isError: result.isError === true,
    };
  };
  try {
    const question = page.getByTestId('agent-question');
    const allowed = clean([harbour]);
    // The cost first, who asks and for what; nothing sent while it waits.
    await expect(question).toContainText('Claude Code asks to spend past today');
    await expect(question).toContainText(
      'Send 3 images to the watermark service for at most 3 credits?',
    );
    await expect(question).toContainText(`Images from: ${harbour}`);
    await expect(question.getByTestId('agent-question-position')).toHaveCount(0);
    expect(submits()).toEqual([]);
    await lookAt(page, 'agent-question-01-asked');

    await question.getByRole('button', { name: 'Yes, send' }).click();
    await expect(question).toHaveCount(0);
    const yes = await allowed;
    expect(yes.isError).toBe(false);
    expect(yes.value).toMatchObject({ engine: 'service', repeated: false, creditsAtMost: 3 });
    expect(submits()).toHaveLength(3);

    // The agent lost the answer and calls again: the same call, not asked or sent again.
    const again = await clean([harbour]);
    expect(again.value).toMatchObject({ repeated: true });
    await expect(question).toHaveCount(0);
    expect(submits()).toHaveLength(3);
    expect(paidSubmissionsSentTwice(world.sim.requestLog())).toEqual([]);

    // Another call, answered no: refused with the sentence, nothing sent.
    const refused = clean([dunes]);
    await expect(question).toContainText(
      'Send 2 images to the watermark service for at most 2 credits?',
    );
    await question.getByRole('button', { name: 'No', exact: true }).click();
    await expect(question).toHaveCount(0);
    const no = await refused;
    expect(no.isError).toBe(true);
    expect(no.value).toMatchObject({ refused: true, sent: false });
    expect(no.value['message']).toMatch(
      /^The person answered no in Clearframe's window: nothing was sent\./,
    );
    expect(submits()).toHaveLength(3);
  } finally {
    await client.close();
    await door.close();
  }
});

/** An agent's question on the ask door, as `clearframe mcp` sends it, which it can give up. */
function ask(dataDir: string, question: AgentQuestion) {
  const socket = net.connect(askDoorAddress(dataDir));
  socket.setEncoding('utf8');
  socket.on('connect', () => socket.write(`${JSON.stringify(question)}\n`));
  let text = '';
  const answer = new Promise<string>((resolve) => {
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('close', () => resolve(text.trim()));
  });
  return { answer, giveUp: () => socket.destroy() };
}

test('several questions show "1 of N", and one the agent gave up leaves the window', async ({
  page,
}) => {
  const { dataDir, door } = await openApp(page);
  const sent = submits().length;
  try {
    const question = page.getByTestId('agent-question');
    const round = ask(dataDir, {
      id: 'round-lighthouse',
      tool: 'queue_video_round',
      credits: 0,
      cents: 220,
      agent: 'Claude Desktop',
      prompt: 'A lighthouse at dusk, the beam sweeping over a calm sea',
      seconds: 5,
    });
    await expect(question).toContainText(
      'Queue and send a 5-second video round for about 2.20 USD?',
    );
    const places = ['/photos/a', '/photos/b', '/photos/c', '/photos/d', '/photos/e'];
    const images = ask(dataDir, {
      id: 'clean-many',
      tool: 'clean',
      credits: 40,
      cents: 0,
      images: 40,
      places,
    });
    // The oldest is shown, and how many wait.
    await expect(question.getByTestId('agent-question-position')).toHaveText('1 of 2');
    await expect(question).toContainText('Claude Desktop asks to spend past today');
    await expect(question).toContainText(
      'Prompt: A lighthouse at dusk, the beam sweeping over a calm sea',
    );
    await lookAt(page, 'agent-question-02-two-waiting');

    // The agent stops waiting: its question leaves, the next one shows, without its name.
    round.giveUp();
    await expect(question).toContainText(
      'Send 40 images to the watermark service for at most 40 credits?',
    );
    await expect(question).toContainText('An AI agent asks to spend past today');
    await expect(question).toContainText('Images from: /photos/a, /photos/b, /photos/c and 2 more');
    await expect(question.getByTestId('agent-question-position')).toHaveCount(0);
    await lookAt(page, 'agent-question-03-next');

    await question.getByRole('button', { name: 'No', exact: true }).click();
    expect(await images.answer).toBe('{"yes":false}');
    await expect(question).toHaveCount(0);
    expect(submits()).toHaveLength(sent);
  } finally {
    await door.close();
  }
});
