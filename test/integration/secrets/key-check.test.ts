import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransport, type Transport } from '../../../src-main/core/api/http.ts';
import { checkKey } from '../../../src-main/core/secrets/test-key.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { runCli } from '../../support/cli-process.ts';
import { startBareCore } from '../../support/test-core.ts';

const KEY = 'cf-key-check-key-42';

/** What the odd service answers to get_quota, by the first path segment of the base URL. */
const ANSWERS: Record<string, { status: number; body: unknown }> = {
  // Shapes the simulator never produces: no envelope, other names, missing members.
  bare: { status: 200, body: { balance: '12.50', currency: 'USD' } },
  partial: { status: 200, body: { code: 0, message: 'ok', data: { remaining_usd: 3 } } },
  nodata: { status: 200, body: { code: 0, message: 'ok' } },
  down: { status: 502, body: '<html>Bad gateway</html>' },
  overdue: {
    status: 403,
    body: { error: { code: 'AccountOverdueError', message: 'The account is overdue.' } },
  },
  unauthorized: {
    status: 401,
    body: { error: { code: 'AuthenticationError', message: 'The API key is not valid.' } },
  },
  forbidden: { status: 403, body: { error: { code: 'Forbidden', message: 'No access.' } } },
  envelope1002: { status: 200, body: { code: 1002, message: 'Token invalid' } },
};

let odd: Server;
let oddBase: string;
let closedBase: string;
let sim: Simulator;
let transport: Transport;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-key-check-'));
  odd = createServer((req, res) => {
    const answer = ANSWERS[(req.url ?? '').split('/')[1] ?? ''];
    req.resume();
    res.writeHead(answer?.status ?? 404, { 'content-type': 'application/json' });
    res.end(typeof answer?.body === 'string' ? answer.body : JSON.stringify(answer?.body ?? {}));
  });
  await new Promise<void>((resolve) => odd.listen(0, '127.0.0.1', resolve));
  oddBase = `http://127.0.0.1:${(odd.address() as AddressInfo).port}`;
  // A port that was just free: nothing listens, so the connection is refused.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedBase = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`;
  await new Promise((resolve) => probe.close(resolve));
  sim = await startSimulator({ accounts: [{ key: KEY, balanceUsd: 25, credits: 40 }] });
  transport = createTransport({ timeoutMs: 5000 });
});

afterAll(async () => {
  await transport.close();
  await sim.stop();
  await new Promise((resolve) => odd.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const check = (kind: 'watermark' | 'video', baseUrl: string) =>
  checkKey(kind, KEY, { baseUrl, transport }, true);

describe('one rule for keeping a key', () => {
  it('keeps a key the service answers with the figures it knows', async () => {
    await expect(check('video', sim.videoBaseUrl)).resolves.toMatchObject({
      outcome: 'accepted',
      quota: { balance_usd: 25 },
      message: expect.stringMatching(/The video API key works: 25\.00 USD balance.*It was saved/),
    });
  });

  it.each(['bare', 'partial', 'nodata', 'down', 'overdue'])(
    'keeps a key the service did not refuse when the balance cannot be read (%s)',
    async (shape) => {
      for (const kind of ['watermark', 'video'] as const) {
        const result = await check(kind, `${oddBase}/${shape}`);
        expect(result).toMatchObject({ outcome: 'accepted', quota: null });
        expect(result.message).toMatch(
          /accepted the .*, but .*It was saved in the system keychain\./,
        );
      }
    },
  );

  it.each(['unauthorized', 'forbidden', 'envelope1002'])(
    'does not keep a key the service refused (%s), and says so',
    async (shape) => {
      const result = await check('video', `${oddBase}/${shape}`);
      expect(result.outcome).toBe('refused');
      expect(result.message).toMatch(/refused this video API key.*It was not saved\. Copy the key/);
    },
  );

  it('does not keep a key it could not check, and says what to do', async () => {
    const result = await check('watermark', closedBase);
    expect(result.outcome).toBe('unchecked');
    expect(result.message).toMatch(
      /could not be checked: .*It was not saved\. Check the connection and the service address/,
    );
  });

  it('the app keeps a key whose balance it cannot read, and refuses one it cannot check', async () => {
    const core = await startBareCore({ dataDir: path.join(dir, 'app'), name: 'key-check' });
    try {
      await core.handlers['settings:update']({ videoBaseUrl: `${oddBase}/bare` });
      const saved = await core.handlers['keys:set']({ kind: 'video', value: KEY });
      expect(saved.status.set).toBe(true);
      expect(saved.test).toMatchObject({
        ok: true,
        message: expect.stringMatching(/balance could not be read/),
      });
      await core.handlers['keys:clear']({ kind: 'video' });

      await core.handlers['settings:update']({ videoBaseUrl: closedBase });
      const unchecked = await core.handlers['keys:set']({ kind: 'video', value: KEY });
      expect(unchecked.status.set).toBe(false);
      expect(unchecked.test.ok).toBe(false);
    } finally {
      await core.stop();
    }
  });

  it('the command line follows the same rule', async () => {
    const data = path.join(dir, 'cli');
    const set = (baseUrl: string) =>
      runCli(['key', 'set', 'watermark', '--data-dir', data], {
        env: { CLEARFRAME_WATERMARK_BASE_URL: baseUrl, CLEARFRAME_WATERMARK_KEY: '' },
        input: `${KEY}\n`,
      });
    const stored = () =>
      runCli(['key', 'test', 'watermark', '--data-dir', data], {
        env: { CLEARFRAME_WATERMARK_BASE_URL: `${oddBase}/partial`, CLEARFRAME_WATERMARK_KEY: '' },
      });

    const unchecked = await set(closedBase);
    expect(unchecked.code).toBe(1);
    expect(unchecked.stderr).toMatch(/could not be checked.*It was not saved/);
    expect((await stored()).code).toBe(3);

    const odd = await set(`${oddBase}/partial`);
    expect(odd.code).toBe(0);
    expect(odd.stdout).toMatch(
      /accepted the watermark API token, but its balance could not be read/,
    );
    const test = await stored();
    expect(test.code).toBe(0);
    expect(test.stdout).toMatch(/balance could not be read/);
    expect(test.stdout).not.toMatch(/It was saved/);
    await runCli(['key', 'clear', 'watermark', '--data-dir', data]);
  }, 60_000);
});
