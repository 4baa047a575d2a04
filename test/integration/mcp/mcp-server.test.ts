import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_PATHS } from '../../../src-shared/api/video.ts';
import { WATERMARK_PATHS } from '../../../src-shared/api/watermark.ts';
import { PROVENANCE_LOG } from '../../../src-main/core/media/output.ts';
import { ProfileStore } from '../../../src-main/core/profiles/profile-store.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { CLI_CACHE_ENV } from '../../support/cli-process.ts';
import { readProvenance } from '../../support/provenance.ts';
import { markedSet } from '../../support/marked-scenes.ts';
import { paidSubmissionsSentTwice } from '../../support/paid-submissions.ts';
import { TEST_ENV } from '../../support/test-env.ts';

const cli = fileURLToPath(new URL('../../../src-main/cli/main.ts', import.meta.url));
const VIDEO_KEY = 'mcp-video-key-5b1f';
const WATERMARK_KEY = 'mcp-watermark-key-9c2e';

let dir: string;
let photos: string;
let sim: Simulator;
let client: Client;
/** Every answer the server gave, as the client read it: scanned for the keys at the end. */
const answers: string[] = [];

const generates = () =>
  sim.requestLog().filter((entry) => entry.path.endsWith(VIDEO_PATHS.generate));
const submits = () =>
  sim.requestLog().filter((entry) => entry.path.endsWith(WATERMARK_PATHS.submit));

/** Calls a tool and returns its answer: the JSON text and whether it is an error. */
async function call(name: string, args: Record<string, unknown>, through = client) {
  const result = await through.callTool({ name, arguments: args });
  const content = result.content as Array<{ type: string; text: string }>;
  const text = content.map((part) => part.text).join('');
  answers.push(text);
  return { value: JSON.parse(text) as Record<string, unknown>, isError: result.isError === true };
}

/** `clearframe mcp` on a data folder, spawned and driven by the SDK's own client. */
async function connect(data: string, ...flags: string[]): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['--experimental-strip-types', '--no-warnings', cli, 'mcp', '--data-dir', data, ...flags],
    env: {
      ...(process.env as Record<string, string>),
      // As every command line the tests start: video tasks asked about at the simulator's pace.
      ...TEST_ENV,
      ...CLI_CACHE_ENV,
      LANG: 'C',
      LC_ALL: '',
      CLEARFRAME_VIDEO_KEY: VIDEO_KEY,
      CLEARFRAME_VIDEO_BASE_URL: sim.videoBaseUrl,
      CLEARFRAME_WATERMARK_KEY: WATERMARK_KEY,
      CLEARFRAME_WATERMARK_BASE_URL: sim.watermarkBaseUrl,
    },
    stderr: 'pipe',
  });
  const connected = new Client({ name: 'clearframe-test', version: '1.0.0' });
  await connected.connect(transport);
  return connected;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-mcp-'));
  sim = await startSimulator({
    accounts: [
      { key: VIDEO_KEY, balanceUsd: 100 },
      { key: WATERMARK_KEY, credits: 100 },
    ],
    video: { pendingMs: 50, processingMs: 150, jitter: 0 },
  });
  photos = path.join(dir, 'photos');
  await markedSet(photos, {
    count: 7,
    sizes: [{ width: 400, height: 300 }],
    opacity: 0.4,
    seed: 11,
    absent: 1,
  });
  const data = path.join(dir, 'data');
  await mkdir(data, { recursive: true });
  // The person's allowance, as Settings saves it: 2 USD of video a day, no credits.
  await writeFile(
    path.join(data, 'settings.json'),
    JSON.stringify({
      version: 1,
      demoMode: false,
      outputFolder: path.join(dir, 'out'),
      agentAllowance: { creditsPerDay: 0, usdPerDay: 2 },
    }),
  );
  client = await connect(data);
}, 60_000);

afterAll(async () => {
  await client?.close();
  await sim?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('clearframe mcp, driven by the SDK client over stdio', () => {
  it('lists its tools', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'clean',
      'find_mark',
      'jobs',
      'queue_video_round',
      'spending',
      'video_quote',
    ]);
  });

  it('finds the mark for free: the proposal and the expected quality, nothing sent', async () => {
    const { value, isError } = await call('find_mark', { paths: [photos] });
    expect(isError).toBe(false);
    const [found] = value['proposal'] as Array<Record<string, unknown>>;
    expect(found).toMatchObject({ event: 'auto-mask-found' });
    expect((found?.['masks'] as Array<{ boxes: unknown[] }>)[0]?.boxes.length).toBeGreaterThan(0);
    const [engine] = value['engines'] as Array<Record<string, unknown>>;
    expect(engine).toMatchObject({ engine: 'local' });
    expect(engine?.['expectedDb']).toEqual(expect.any(Number));
    expect(sim.requestLog()).toEqual([]);
  }, 120_000);

  it('cleans on this computer for free, sending nothing', async () => {
    const { value, isError } = await call('clean', { paths: [photos] });
    expect(isError).toBe(false);
    const done = (value['records'] as Array<Record<string, unknown>>).filter(
      (record) => record['state'] === 'done',
    );
    expect(done).toHaveLength(6);
    expect(sim.requestLog()).toEqual([]);
  }, 120_000);

  it('cleans one image alone for free with a saved profile, by name or by its file', async () => {
    // The batch clean above measured the mark: its estimate saved as a profile, and exported.
    const data = path.join(dir, 'data');
    const [line] = (await readProvenance(path.join(dir, 'out'))).filter((entry) => entry.estimate);
    const estimate = await readFile(
      path.join(data, 'estimates', `${line?.estimate?.id as string}.estimate`),
    );
    const profiles = new ProfileStore(path.join(data, 'profiles'));
    await profiles.save('Corner mark', estimate);
    const exported = path.join(dir, 'corner.clearframe-profile');
    await profiles.exportTo('Corner mark', exported);
    const single = path.join(dir, 'single');
    await mkdir(single, { recursive: true });
    await copyFile(line?.source as string, path.join(single, path.basename(line?.source ?? '')));

    const found = await call('find_mark', { paths: [single], profile: 'Corner mark' });
    expect(found.isError).toBe(false);
    expect(found.value).toMatchObject({ profile: { name: 'Corner mark', images: 6 } });
    const planned = found.value['records'] as Array<Record<string, unknown>>;
    expect(planned).toContainEqual(expect.objectContaining({ event: 'dry-run', count: 1 }));

    const out = path.join(dir, 'out-profile');
    const cleaned = await call('clean', { paths: [single], profile: exported, out });
    expect(cleaned.isError).toBe(false);
    expect(cleaned.value).toMatchObject({ engine: 'local', profile: { name: 'Corner mark' } });
    const records = cleaned.value['records'] as Array<Record<string, unknown>>;
    expect(records.filter((record) => record['state'] === 'done')).toHaveLength(1);
    expect((await readdir(out)).filter((name) => name !== PROVENANCE_LOG)).toHaveLength(1);

    const unknown = await call('clean', { paths: [single], profile: 'Nobody' });
    expect(unknown.isError).toBe(true);
    expect(unknown.value['message']).toMatch(/Nobody/);
    expect(sim.requestLog()).toEqual([]);
  }, 120_000);

  it('refuses a paid clean beyond the allowance, sending nothing, with how to allow it', async () => {
    const { value, isError } = await call('clean', {
      paths: [photos],
      engine: 'service',
      mask_rect: '10,10,60,30',
    });
    expect(isError).toBe(true);
    expect(value).toMatchObject({ refused: true, sent: false });
    expect(value['message']).toMatch(
      /up to 7 credits, .* 0 credits of 0 credits left today: nothing was sent\. To allow it, raise "Agent allowance per day" in Settings, or start the server with --credits-per-day\./,
    );
    expect(submits()).toEqual([]);
  }, 120_000);

  it('quotes a round first, and refuses one that costs more than is left, sending nothing', async () => {
    const quote = await call('video_quote', { duration: 10 });
    expect(quote.value).toMatchObject({ usd: 2.2, seconds: 10, allowanceLeftUsd: 2 });
    const refused = await call('queue_video_round', {
      project_name: 'Harbour',
      prompt: 'boats at dusk',
      duration: 10,
    });
    expect(refused.isError).toBe(true);
    expect(refused.value['message']).toMatch(
      /This round would cost up to 2\.20 USD, and the agent allowance has 2\.00 USD of 2\.00 USD left today: nothing was sent\..*--usd-per-day\./,
    );
    expect(generates()).toEqual([]);
  }, 60_000);

  it('sends a round within the allowance exactly once, however often the agent repeats the call', async () => {
    const round = { project_name: 'Pier', prompt: 'the lights come on', duration: 5 };
    const first = await call('queue_video_round', round);
    expect(first.isError).toBe(false);
    expect(first.value).toMatchObject({
      repeated: false,
      round: { state: 'done', chargedUsd: 1.1 },
    });
    const again = await call('queue_video_round', round);
    expect(again.value).toMatchObject({ repeated: true, intent: first.value['intent'] });
    expect((again.value['round'] as { roundId: string }).roundId).toBe(
      (first.value['round'] as { roundId: string }).roundId,
    );
    expect(generates()).toHaveLength(1);
    // Another round would pass the day's 2 USD: refused, still one request sent.
    const another = await call('queue_video_round', { ...round, prompt: 'and go out' });
    expect(another.isError).toBe(true);
    expect(generates()).toHaveLength(1);
    expect(paidSubmissionsSentTwice(sim.requestLog())).toEqual([]);

    const spending = await call('spending', {});
    expect(spending.value).toMatchObject({
      agentToday: { credits: 0, usd: 1.1 },
      allowance: { creditsPerDay: 0, usdPerDay: 2 },
      video: { spentUsd: 1.1 },
    });
    const jobs = await call('jobs', {
      rounds: [(first.value['round'] as { roundId: string }).roundId],
    });
    expect(jobs.value).toMatchObject({ video: { done: 1 }, rounds: [{ state: 'done' }] });
  }, 120_000);
});

describe('a paid clean within the allowance given on the command line', () => {
  it('sends each image once, however often the agent repeats the call', async () => {
    const data = path.join(dir, 'data-credits');
    await mkdir(data, { recursive: true });
    await writeFile(
      path.join(data, 'settings.json'),
      JSON.stringify({ version: 1, demoMode: false, outputFolder: path.join(dir, 'out-service') }),
    );
    const flagged = await connect(data, '--credits-per-day', '7');
    try {
      const clean = { paths: [photos], engine: 'service', mask_rect: '10,10,60,30' };
      const first = await call('clean', clean, flagged);
      expect(first.isError).toBe(false);
      expect(first.value).toMatchObject({ repeated: false, creditsAtMost: 7 });
      expect(submits()).toHaveLength(7);
      const again = await call('clean', clean, flagged);
      expect(again.value).toMatchObject({ repeated: true });
      expect(submits()).toHaveLength(7);
      expect(paidSubmissionsSentTwice(sim.requestLog())).toEqual([]);
      const spending = await call('spending', {}, flagged);
      expect(spending.value).toMatchObject({
        agentToday: { credits: 7 },
        allowance: { creditsPerDay: 7, usdPerDay: 0 },
      });
    } finally {
      await flagged.close();
    }
  }, 180_000);
});

describe('every answer', () => {
  it('never puts a key in an answer', () => {
    expect(answers.length).toBeGreaterThanOrEqual(12);
    for (const answer of answers) {
      expect(answer).not.toContain(VIDEO_KEY);
      expect(answer).not.toContain(WATERMARK_KEY);
    }
  });
});
