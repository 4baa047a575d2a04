import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_PATHS } from '../../src-shared/api/video.ts';
import { WATERMARK_PATHS } from '../../src-shared/api/watermark.ts';
import { download } from '../../src-main/core/api/downloader.ts';
import { createTransport, type Transport } from '../../src-main/core/api/http.ts';
import { Poller } from '../../src-main/core/api/poller.ts';
import { VideoClient } from '../../src-main/core/api/video-client.ts';
import { WatermarkClient } from '../../src-main/core/api/watermark-client.ts';
import { waitForTask } from '../../src-main/core/jobs/lifecycle/check-again.ts';
import { prepareImage } from '../../src-main/core/media/intake.ts';
import { checkKey } from '../../src-main/core/secrets/test-key.ts';
import { importMask, wholeMaskProblem } from '../../src-main/core/media/mask-import.ts';
import type { AppCore } from '../../src-main/core/app/app-core.ts';
import { SettingsStore } from '../../src-main/core/settings/settings-store.ts';
import { createDispatch } from '../../src-main/electron/ipc-registry.ts';
import { runCli } from '../support/cli-process.ts';
import { makeMask, makePhoto, makePixelBomb, makeTruncatedJpeg } from '../support/images.ts';
import { reportSection } from './report.ts';
import { startBareCore } from '../support/test-core.ts';
import { followStaging, stageFiles } from '../support/staging.ts';

/** One bad input and the sentence it must produce: what went wrong and what to do. */
interface Case {
  area: 'ipc' | 'file' | 'mask' | 'settings' | 'server' | 'cli';
  name: string;
  /** Resolves to the message the user reads. */
  run: () => Promise<string>;
  expected: RegExp;
}

const ORIGIN = 'http://127.0.0.1:5173';
let dir: string;
let core: AppCore;
let transport: Transport;
let server: http.Server;
let serverUrl: string;
/** What the canned server answers next, by path: status, body and content type. */
const canned = new Map<
  string,
  { status: number; body: string; type?: string; headers?: Record<string, string> }
>();

async function messageOf(action: () => Promise<unknown>): Promise<string> {
  try {
    await action();
  } catch (error) {
    const userMessage = (error as { userMessage?: unknown }).userMessage;
    return typeof userMessage === 'string' ? userMessage : (error as Error).message;
  }
  throw new Error('the bad input was accepted');
}

async function ipc(channel: string, payload: unknown, frameUrl = ORIGIN): Promise<string> {
  const dispatch = createDispatch(core.handlers, ORIGIN);
  const result = await dispatch({ frameUrl }, channel, payload);
  if (result.ok) throw new Error(`${channel} accepted ${JSON.stringify(payload)}`);
  return result.error.message;
}

function queueRound(shotId: string, content: unknown[]): Promise<string> {
  return ipc('video:queueRounds', {
    rounds: [{ shotId, request: { model: 'videomodel-2-5', content } }],
  });
}

/** Adding images answers with what it skipped and why, rather than failing the whole drop. */
async function skippedReason(payload: unknown): Promise<string> {
  const dispatch = createDispatch(core.handlers, ORIGIN);
  const result = await dispatch({ frameUrl: ORIGIN }, 'watermark:add', payload);
  if (!result.ok) return result.error.message;
  const { added, skipped } = result.value as { added: number; skipped: Array<{ reason: string }> };
  if (added > 0 || !skipped[0]) throw new Error('the bad input was added');
  return skipped[0].reason;
}

/** Drops a folder holding `files` on the window; the reason given for `name`, left out. */
async function probedReason(
  folder: string,
  files: Record<string, Buffer | string>,
  name: string,
): Promise<string> {
  for (const [fileName, bytes] of Object.entries(files))
    await file(path.join(folder, fileName), bytes);
  const dispatch = createDispatch(core.handlers, ORIGIN);
  const run = randomUUID();
  const seen = followStaging(core, run);
  const result = await dispatch({ frameUrl: ORIGIN }, 'media:probe', {
    paths: [path.join(dir, 'files', folder)],
    run,
  }).finally(seen.stop);
  if (!result.ok) return result.error.message;
  const { items, skipped } = seen;
  if (items.some((item) => item.name === name)) throw new Error(`${name} was staged`);
  const reason = skipped.find((skip) => path.basename(skip.path) === name)?.reason;
  if (!reason) throw new Error(`${name} was left out without a reason`);
  return reason;
}

async function file(name: string, bytes: Buffer | string): Promise<string> {
  const target = path.join(dir, 'files', name);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, bytes);
  return target;
}

const watermark = (purpose = { maxMegapixels: 16, onExceed: 'refuse' as const }) => ({
  use: 'watermark' as const,
  ...purpose,
});

async function settingsFile(contents: string): Promise<string> {
  const target = path.join(await mkdtemp(path.join(dir, 'settings-')), 'settings.json');
  await writeFile(target, contents);
  const store = new SettingsStore(target);
  await store.load();
  if (!store.notice) throw new Error('the settings file was accepted');
  return store.notice;
}

async function settingsUpdate(patch: Record<string, unknown>): Promise<string> {
  const result = await core.handlers['settings:update'](patch);
  if (result.ok) throw new Error(`settings accepted ${JSON.stringify(patch)}`);
  return Object.values(result.errors).join(' ');
}

function answer(
  pathname: string,
  status: number,
  body: unknown,
  type = 'application/json',
  headers: Record<string, string> = {},
) {
  canned.set(pathname, {
    status,
    body: typeof body === 'string' ? body : JSON.stringify(body),
    type,
    headers,
  });
}

/** What the user reads when a result at `pathname` of the canned server cannot be fetched. */
function downloadMessage(pathname: string): Promise<string> {
  return messageOf(() =>
    download(transport, {
      url: serverUrl + pathname,
      targetDir: path.join(dir, 'downloads'),
      fileName: 'result',
    }),
  );
}

const noRetry = { maxAttempts: 1, baseDelayMs: 1, maxDelayMs: 1, maxRetryAfterMs: 1 };
const watermarkClient = () =>
  new WatermarkClient({ baseUrl: serverUrl, key: () => 'k', transport, retry: noRetry });
const videoClient = () =>
  new VideoClient({ baseUrl: serverUrl, key: () => 'k', transport, retry: noRetry });
const photo = async () => (await makePhoto(32, 24, 'png', 1)).toString('base64');
const text = (prompt: string) => [{ type: 'text' as const, text: prompt }];

const CASES: Case[] = [
  // IPC payloads: what a compromised or buggy page could send.
  {
    area: 'ipc',
    name: 'a sender that is not the window',
    run: () => ipc('app:info', undefined, 'https://evil.example/'),
    expected: /did not come from the Clearframe window/,
  },
  {
    area: 'ipc',
    name: 'an unknown channel',
    run: () => ipc('fs:readAnything', {}),
    expected: /no channel named fs:readAnything/,
  },
  {
    area: 'ipc',
    name: 'probe with no paths',
    run: () => ipc('media:probe', { paths: [] }),
    expected: /Drop at least one file or folder/,
  },
  {
    area: 'ipc',
    name: 'probe with a number for paths',
    run: () => ipc('media:probe', { paths: 42 }),
    expected: /media:probe was malformed/,
  },
  {
    area: 'ipc',
    name: 'an extra field',
    run: () => ipc('keys:clear', { kind: 'video', sneaky: true }),
    expected: /keys:clear was malformed/,
  },
  {
    area: 'ipc',
    name: 'an unknown key kind',
    run: () => ipc('keys:clear', { kind: 'root' }),
    expected: /keys:clear was malformed/,
  },
  {
    area: 'ipc',
    name: 'a key longer than any real one',
    run: () => ipc('keys:set', { kind: 'video', value: 'k'.repeat(5000) }),
    expected: /keys:set was malformed/,
  },
  {
    area: 'ipc',
    name: 'a staged token the page was never given',
    run: () => skippedReason({ items: [{ token: 'not-a-token' }] }),
    expected: /no longer in the list.*add it again/,
  },
  {
    area: 'ipc',
    name: 'a dropped folder that does not exist',
    run: () => skippedReason({ paths: [path.join(os.tmpdir(), 'clearframe-no-such-folder')] }),
    expected: /does not exist \(moved or deleted\?\)/,
  },
  {
    area: 'ipc',
    name: 'a brush whose points are not [x, y] pairs',
    run: () =>
      ipc('mask:export', {
        token: 't',
        strokes: [{ kind: 'brush', points: [{ x: 1, y: 1 }], radius: 3 }],
      }),
    expected: /mask:export was malformed/,
  },
  {
    area: 'ipc',
    name: 'a brush with a negative radius',
    run: () =>
      ipc('mask:export', {
        token: 't',
        strokes: [{ kind: 'brush', points: [[1, 1]], radius: -3 }],
      }),
    expected: /mask:export was malformed/,
  },
  {
    area: 'ipc',
    name: 'a stroke of an unknown kind',
    run: () => ipc('mask:export', { token: 't', strokes: [{ kind: 'spray', points: [] }] }),
    expected: /mask:export was malformed/,
  },
  {
    area: 'ipc',
    name: 'a round for a shot that does not exist',
    run: () => queueRound('nope', text('x')),
    expected: /no shot nope/,
  },
  {
    area: 'ipc',
    name: 'a round with 51 items',
    run: async () =>
      queueRound(await shot(), [
        ...text('x'),
        ...Array.from({ length: 50 }, () => ({
          type: 'image_url',
          image_url: { url: 'asset://a' },
          role: 'reference_image',
        })),
      ]),
    expected:
      /Remove 1 reference: a round takes at most 49 besides its prompt.*nothing was charged/i,
  },
  {
    area: 'ipc',
    name: 'a local path as a reference video',
    run: async () =>
      queueRound(await shot(), [
        ...text('x'),
        { type: 'video_url', video_url: { url: '/home/me/clip.mp4' }, role: 'reference_video' },
      ]),
    expected: /Give reference 1 as an asset:\/\/ address/,
  },
  {
    area: 'ipc',
    name: 'extending a round that does not exist',
    run: () => ipc('video:extend', { roundId: 'ghost', prompt: 'on' }),
    expected: /no round ghost/,
  },
  {
    area: 'ipc',
    name: 'an image address that is not http',
    run: () => ipc('media:probeUrl', { url: 'file:///etc/passwd' }),
    expected: /malformed|http/,
  },
  // Files dropped on the window.
  {
    area: 'file',
    name: 'an empty file',
    run: async () =>
      messageOf(async () => prepareImage(await file('empty.jpg', Buffer.alloc(0)), watermark())),
    expected: /empty/i,
  },
  {
    area: 'file',
    name: 'a text file named .jpg',
    run: async () =>
      messageOf(async () => prepareImage(await file('notes.jpg', 'shopping list'), watermark())),
    expected: /not an image|not a picture|cannot be read as an image/i,
  },
  {
    area: 'file',
    name: 'a JPEG cut in half',
    run: async () =>
      messageOf(async () =>
        prepareImage(
          await file(
            'cut.jpg',
            (
              await sharp({
                create: {
                  width: 300,
                  height: 200,
                  channels: 3,
                  background: '#345',
                  noise: { type: 'gaussian', mean: 90, sigma: 30 },
                },
              })
                .jpeg()
                .toBuffer()
            ).subarray(0, 2000),
          ),
          watermark(),
        ),
      ),
    expected: /damaged|corrupt|incomplete|cut/i,
  },
  {
    area: 'file',
    name: 'a HEIC photo with nothing after its header',
    run: async () =>
      messageOf(async () =>
        prepareImage(
          await file(
            'phone.heic',
            Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(64)]),
          ),
          watermark(),
        ),
      ),
    expected: /damaged or incomplete/,
  },
  {
    area: 'file',
    name: 'a PDF named .png',
    run: async () =>
      messageOf(async () =>
        prepareImage(await file('scan.png', '%PDF-1.7\n%âãÏÓ\n1 0 obj'), watermark()),
      ),
    expected: /not an image|cannot|PDF/i,
  },
  {
    area: 'file',
    name: 'a 100-megapixel image with "refuse"',
    run: async () =>
      messageOf(async () =>
        prepareImage(
          await file(
            'huge.png',
            await sharp({
              create: { width: 10_000, height: 10_000, channels: 3, background: '#888' },
            })
              .png()
              .toBuffer(),
          ),
          watermark(),
        ),
      ),
    expected: /megapixel|too large|limit/i,
  },
  {
    area: 'file',
    name: 'a reference image too small for the video service',
    run: async () =>
      messageOf(async () =>
        prepareImage(await file('tiny.png', await makePhoto(200, 120)), { use: 'video-reference' }),
      ),
    expected: /300 to 6000 pixels.*200×120/,
  },
  {
    area: 'file',
    name: 'a reference image too narrow for the video service',
    run: async () =>
      messageOf(async () =>
        prepareImage(await file('strip.png', await makePhoto(3000, 400)), {
          use: 'video-reference',
        }),
      ),
    expected: /between 0\.4:1 and 2\.5:1/,
  },
  {
    area: 'file',
    name: 'a file that no longer exists',
    run: () => messageOf(() => prepareImage(path.join(dir, 'gone.png'), watermark())),
    expected: /no longer|not found|cannot be read|does not exist/i,
  },
  // Masks made elsewhere.
  {
    area: 'mask',
    name: 'a mask that marks nothing',
    run: async () => messageOf(async () => importMask(await makeMask(64, 48, undefined), 64, 48)),
    expected: /marks nothing|nothing is marked|empty/i,
  },
  {
    area: 'mask',
    name: 'a mask of another shape',
    run: async () =>
      messageOf(async () =>
        importMask(await makeMask(64, 64, { left: 1, top: 1, width: 8, height: 8 }), 64, 48),
      ),
    expected: /64×64.*64×48|size|shape|aspect/i,
  },
  {
    area: 'mask',
    name: 'a mask file that is not an image',
    run: () => messageOf(() => importMask(Buffer.from('not a png'), 64, 48)),
    expected: /not an image|cannot be read|image/i,
  },
  {
    area: 'mask',
    name: 'an empty mask file',
    run: () => messageOf(() => importMask(Buffer.alloc(0), 64, 48)),
    expected: /empty|not an image|cannot be read/i,
  },
  {
    area: 'mask',
    name: 'a mask export for a token never staged',
    run: () => messageOf(() => core.staging.exportMaskFor('never', [], path.join(dir, 'mask.png'))),
    expected: /no longer available; add it again/,
  },
  // Settings files and values.
  {
    area: 'settings',
    name: 'a settings file that is not JSON',
    run: () => settingsFile('{ "version": 1, '),
    expected: /could not be read.*defaults are in use.*kept as/,
  },
  {
    area: 'settings',
    name: 'a settings file from a newer version',
    run: () => settingsFile(JSON.stringify({ version: 99 })),
    expected: /saved by a newer Clearframe \(settings version 99; this one knows 1\)/,
  },
  {
    area: 'settings',
    name: 'a settings file with a concurrency of zero',
    run: () =>
      settingsFile(JSON.stringify({ version: 1, concurrency: { watermark: 0, video: 1 } })),
    expected: /could not be read|concurrency/i,
  },
  {
    area: 'settings',
    name: 'a settings file that is an array',
    run: () => settingsFile('[1, 2, 3]'),
    expected: /could not be read/,
  },
  {
    area: 'settings',
    name: 'a negative budget cap',
    run: () => settingsUpdate({ budgetCapUsd: -5 }),
    expected: /cannot be negative/,
  },
  {
    area: 'settings',
    name: 'a base URL that is not a URL',
    run: () => settingsUpdate({ videoBaseUrl: 'not a url' }),
    expected: /URL|address/i,
  },
  {
    area: 'settings',
    name: 'a filename template that names no file',
    run: () => settingsUpdate({ filenameTemplate: '' }),
    expected: /template is empty; enter one such as/,
  },
  {
    area: 'settings',
    name: 'an unknown pricing tier',
    run: () => settingsUpdate({ pricingTier: 'free' }),
    expected: /starter|enterprise|tier|invalid/i,
  },
  // What a misbehaving server sends back.
  {
    area: 'server',
    name: 'an HTML error page instead of JSON',
    run: async () => {
      answer(WATERMARK_PATHS.submit, 502, '<html><body>Bad gateway</body></html>', 'text/html');
      return messageOf(async () => watermarkClient().submit({ base64: await photo() }));
    },
    expected: /internal problem\. Try again in a few minutes/,
  },
  {
    area: 'server',
    name: 'a watermark envelope with an authentication code',
    run: async () => {
      answer(WATERMARK_PATHS.submit, 200, { code: 1002, message: 'invalid token' });
      return messageOf(async () => watermarkClient().submit({ base64: await photo() }));
    },
    expected: /key|token|authent/i,
  },
  {
    area: 'server',
    name: 'a watermark envelope saying credits ran out',
    run: async () => {
      answer(WATERMARK_PATHS.submit, 200, { code: 1003, message: 'insufficient credits' });
      return messageOf(async () => watermarkClient().submit({ base64: await photo() }));
    },
    expected: /credit/i,
  },
  {
    area: 'server',
    name: 'a success envelope with no task id',
    run: async () => {
      answer(WATERMARK_PATHS.submit, 200, { code: 0, data: {} });
      return messageOf(async () => watermarkClient().submit({ base64: await photo() }));
    },
    expected: /an answer Clearframe does not understand\. Try again later/,
  },
  {
    area: 'server',
    name: 'a result whose image list is not a list',
    run: async () => {
      answer(WATERMARK_PATHS.result, 200, { code: 0, data: { status: 'success', images: 'nope' } });
      return messageOf(() => watermarkClient().result('t1'));
    },
    expected: /an answer Clearframe does not understand\. Try again later/,
  },
  {
    area: 'server',
    name: 'a video 401 in the upstream error shape',
    run: async () => {
      answer(VIDEO_PATHS.generate, 401, {
        error: {
          code: 'AuthenticationError',
          message: 'The API key is invalid',
          type: 'Unauthorized',
        },
      });
      return messageOf(() =>
        videoClient().generate({ model: 'videomodel-2-5', content: text('x') }),
      );
    },
    expected: /key/i,
  },
  {
    area: 'server',
    name: 'a video 403 for an overdue account',
    run: async () => {
      answer(VIDEO_PATHS.generate, 403, {
        error: { code: 'AccountOverdueError', message: 'overdue', type: 'Forbidden' },
      });
      return messageOf(() =>
        videoClient().generate({ model: 'videomodel-2-5', content: text('x') }),
      );
    },
    expected: /overdue|balance|account|pay/i,
  },
  {
    area: 'server',
    name: 'a video task with no id',
    run: async () => {
      answer(VIDEO_PATHS.generate, 200, { status: 'queued' });
      return messageOf(() =>
        videoClient().generate({ model: 'videomodel-2-5', content: text('x') }),
      );
    },
    expected: /an answer Clearframe does not understand\. Try again later/,
  },
  {
    area: 'server',
    name: 'a quota reply that is not JSON',
    run: async () => {
      answer(VIDEO_PATHS.quota, 200, 'credits: lots', 'text/plain');
      return messageOf(() => videoClient().quota());
    },
    expected: /an answer Clearframe does not understand\. Try again later/,
  },
  // Masks that mark nothing, an image too large to decode, a mistyped option.
  {
    area: 'mask',
    name: 'a drawn mask that marks nothing (painted, then erased)',
    run: async () => {
      const staged = await stageFiles(core, [await file('erased.png', await makePhoto(64, 48))]);
      const stroke = {
        points: [
          [8, 8],
          [40, 8],
        ],
        radius: 3,
      };
      return ipc('watermark:add', {
        items: [
          {
            token: staged.items[0]?.token,
            strokes: [
              { kind: 'brush', ...stroke },
              { kind: 'eraser', ...stroke, radius: 6 },
            ],
          },
        ],
      });
    },
    expected: /erased\.png: The mask marks nothing: paint over the watermark, or choose No mask\./,
  },
  {
    area: 'mask',
    name: 'an imported mask file that is all black',
    run: async () => {
      const staged = await stageFiles(core, [await file('to-mask.png', await makePhoto(64, 48))]);
      const black = await file('black-mask.png', await makeMask(64, 48, undefined));
      return messageOf(() => core.staging.importMaskFor(staged.items[0]?.token ?? '', black));
    },
    expected: /The mask marks nothing/,
  },
  {
    area: 'file',
    name: 'a 30000×30000 PNG (a decompression bomb)',
    run: async () =>
      messageOf(async () =>
        prepareImage(await file('bomb.png', makePixelBomb(30_000, 30_000)), watermark()),
      ),
    expected: /too large: 30000×30000 pixels.*more than the 268 megapixels/,
  },
  {
    area: 'cli',
    name: 'a command-line option that does not exist',
    run: async () => {
      const result = await runCli(['jobs', '--frobnicate'], {
        env: { CLEARFRAME_DATA_DIR: path.join(dir, 'cli-data') },
      });
      if (result.code !== 2) throw new Error(`exit code ${result.code}`);
      return result.stderr.trim();
    },
    expected: /^clearframe jobs: unknown option --frobnicate\. Try clearframe jobs --help\.$/,
  },
  // After the service said yes: the task is known, so the way on is always a free check.
  {
    area: 'server',
    name: 'a status word nobody listed, until the local deadline',
    run: async () => {
      answer(WATERMARK_PATHS.result, 200, { code: 0, data: { status: 'archiving', images: [] } });
      const client = watermarkClient();
      return messageOf(() =>
        waitForTask(new Poller({ deadlines: { watermark: 300 } }), {
          kind: 'watermark',
          check: async () => {
            const seen = await client.result('t1');
            return seen.phase === 'succeeded'
              ? { done: true, value: seen }
              : { done: false, status: seen.status };
          },
        }),
      );
    },
    expected: /status Clearframe does not know \("archiving"\).*Check again later.*\(free\)/,
  },
  {
    area: 'server',
    name: 'a result link that redirects to itself',
    run: async () => {
      answer('/files/loop', 302, '', 'text/plain', { Location: '/files/loop' });
      return downloadMessage('/files/loop');
    },
    expected: /redirected more than 5 times\. Use Check again .*\(free\)/,
  },
  {
    area: 'server',
    name: 'a result link that redirects to plain http off this machine',
    run: async () => {
      answer('/files/away', 302, '', 'text/plain', {
        Location: 'http://results.example.invalid/clean.png',
      });
      return downloadMessage('/files/away');
    },
    expected:
      /plain http to results\.example\.invalid is not fetched, only https\. Use Check again/,
  },
  {
    area: 'server',
    name: 'a result link the storage refuses with 403',
    run: async () => {
      answer('/files/denied', 403, 'AccessDenied', 'text/plain');
      return downloadMessage('/files/denied');
    },
    expected:
      /expired or was refused \(HTTP 403\)\. Use Check again to ask the service for a fresh link \(free\)/,
  },
  {
    area: 'server',
    name: 'get_quota answering in a shape Clearframe does not know while a key is checked',
    run: async () => {
      answer(VIDEO_PATHS.quota, 200, { balance: '12.50', currency: 'USD' });
      const check = await checkKey(
        'video',
        'cf-corpus-video-key-1',
        { baseUrl: serverUrl, transport },
        true,
      );
      if (check.outcome !== 'accepted') throw new Error(`the key was ${check.outcome}`);
      return check.message;
    },
    expected: /accepted the video API key, but its balance could not be read.*It was saved/,
  },
  {
    area: 'ipc',
    name: 'sending again a round attached from the service, whose prompt is not known',
    run: async () => {
      const roundId = core.video.engine.attach(await shot(), {
        id: 'corpus-attached-task',
        model: 'videomodel-2-5',
      });
      core.video.engine.cancel([roundId]);
      return ipc('video:sendAgain', { ids: [roundId] });
    },
    expected: /prompt is not known here.*Write the prompt in the round editor/,
  },
  {
    area: 'file',
    name: 'a file in a dropped folder with no extension that is not an image',
    run: () => probedReason('no-extension', { README: 'read me first' }, 'README'),
    expected: /no file extension and its contents are not an image/,
  },
  {
    area: 'file',
    name: 'an SVG in a dropped folder',
    run: () =>
      probedReason(
        'drawings',
        { 'logo.svg': '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>' },
        'logo.svg',
      ),
    expected: /SVG, a vector drawing.*Export it as PNG/,
  },
  {
    area: 'file',
    name: 'a Clearframe result dropped as an input',
    run: async () =>
      probedReason(
        'results',
        {
          'beach-clean.png': await makePhoto(32, 24, 'png', 7),
          'clearframe-provenance.jsonl': `${JSON.stringify({ source: '/photos/beach.png', output: '/elsewhere/beach-clean.png' })}\n`,
        },
        'beach-clean.png',
      ),
    expected: /This is a result Clearframe wrote \(from beach\.png\)/,
  },
  {
    area: 'file',
    name: 'a damaged job database at start-up',
    run: () =>
      startupNotices('damaged-db', 'clearframe.sqlite', `SQLite format 3\0${'x'.repeat(8000)}`),
    expected:
      /job database was damaged.*new, empty queue.*kept as \S+clearframe\.sqlite\.damaged-\S+; your images and results on disk were not touched/,
  },
  {
    area: 'settings',
    name: 'a settings file that is not JSON at start-up',
    run: () => startupNotices('bad-settings', 'settings.json', '{"theme": "dark",'),
    expected:
      /settings could not be read .*defaults are in use\. The old file was kept as \S+settings\.corrupt-\S+\.json/,
  },
  // A mask that marks every pixel, a JPEG cut short, a PNG named as a JPEG.
  {
    area: 'cli',
    name: 'a mask file white all over (nothing under the service’s rule, everything as white on black)',
    run: () => plainMaskRefusal('white-mask', '#ffffff'),
    expected:
      /white all over: as a white-on-black mask it marks the whole image, but under the service’s rule \(white marks nothing\) it marks nothing\. Say which it means: add --mask-whole/,
  },
  {
    area: 'cli',
    name: 'a mask file that marks every pixel',
    run: () => plainMaskRefusal('red-mask', '#ff0000'),
    expected: /marks every pixel: the whole image would be repainted.*add --mask-whole/,
  },
  {
    area: 'mask',
    name: 'a mask white all over imported in the window',
    run: async () => {
      const staged = await stageFiles(core, [
        await file('to-mask-white.png', await makePhoto(32, 24)),
      ]);
      const white = await file(
        'white-all-over.png',
        await sharp({ create: { width: 32, height: 24, channels: 3, background: '#ffffff' } })
          .png()
          .toBuffer(),
      );
      const imported = await core.staging.importMaskFor(staged.items[0]?.token ?? '', white);
      if (!imported?.everything) throw new Error('the mask was taken without a word');
      return wholeMaskProblem(imported.everything);
    },
    expected: /white all over/,
  },
  {
    area: 'cli',
    name: 'a PNG named .jpg: its result is named by its bytes',
    run: async () => {
      await file(path.join('named-jpg', 'screenshot.jpg'), await makePhoto(32, 24, 'png', 30));
      const { code, said } = await removeSays([path.join(dir, 'files', 'named-jpg')]);
      if (code !== 0) throw new Error(`exit code ${code}: ${said}`);
      return said;
    },
    expected: /screenshot\.jpg -> \S*screenshot-clean\.png\b/,
  },
  {
    area: 'file',
    name: 'a JPEG cut short in a dropped folder (its header reads as a whole one’s)',
    run: async () =>
      probedReason('cut-short', { 'IMG_0031.jpg': await makeTruncatedJpeg() }, 'IMG_0031.jpg'),
    expected: /damaged or cut short: not all of its pixels can be read/,
  },
];

/** A folder of two photos and a mask file of one colour all over at their size. */
async function photosWithPlainMask(name: string, colour: string): Promise<string[]> {
  const folder = path.join(dir, 'files', name);
  for (let i = 0; i < 2; i += 1)
    await file(path.join(name, `photo-${i}.png`), await makePhoto(32, 24, 'png', 20 + i));
  const mask = await file(
    `${name}-mask.png`,
    await sharp({ create: { width: 32, height: 24, channels: 3, background: colour } })
      .png()
      .toBuffer(),
  );
  return [folder, '--mask', mask];
}

/** Why `clearframe remove` stops before sending two photos with a mask of one colour all over. */
async function plainMaskRefusal(name: string, colour: string): Promise<string> {
  const { code, said } = await removeSays(await photosWithPlainMask(name, colour));
  if (code !== 2) throw new Error(`exit code ${code}: ${said}`);
  return said;
}

/** What `clearframe remove --demo <args>` says: stderr when it stops, else stdout. */
async function removeSays(args: string[]): Promise<{ code: number | null; said: string }> {
  const result = await runCli(
    ['remove', ...args, '--demo', '--data-dir', path.join(dir, 'cli-remove-data')],
    { env: { CLEARFRAME_WATERMARK_KEY: '' } },
  );
  return { code: result.code, said: (result.code === 2 ? result.stderr : result.stdout).trim() };
}

/** What a core started on a data folder holding `content` as `file` says in the window. */
async function startupNotices(name: string, file: string, content: string): Promise<string> {
  const dataDir = path.join(dir, name);
  await mkdir(dataDir, { recursive: true });
  await writeFile(path.join(dataDir, file), content);
  const started = await startBareCore({ dataDir, name: `corpus-${name}-${process.pid}` });
  try {
    const { notices } = await started.handlers['app:notices'](undefined);
    return notices.map((notice) => notice.message).join(' ');
  } finally {
    await started.stop();
  }
}

let shotId: string | undefined;
async function shot(): Promise<string> {
  if (shotId) return shotId;
  const { projectId } = await core.handlers['video:createProject']({ name: 'Corpus' });
  const { projects } = await core.handlers['video:projects'](undefined);
  shotId = projects.find((p) => p.id === projectId)?.shots[0]?.id;
  if (!shotId) throw new Error('no shot');
  return shotId;
}

const rows: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-corpus-'));
  core = await startBareCore({
    dataDir: path.join(dir, 'data'),
    name: `corpus-${process.pid}`,
    version: '0.0.0-corpus',
  });
  transport = createTransport({ timeoutMs: 5000 });
  server = http.createServer((request, response) => {
    const reply = canned.get(new URL(request.url ?? '/', 'http://x').pathname) ?? {
      status: 404,
      body: 'no such path',
    };
    request.resume();
    response.writeHead(reply.status, {
      'Content-Type': reply.type ?? 'application/json',
      ...reply.headers,
    });
    response.end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  reportSection(
    'bad-input-corpus',
    Object.entries(
      rows.reduce<Record<string, number>>((counts, row) => {
        counts[row['area'] as string] = (counts[row['area'] as string] ?? 0) + 1;
        return counts;
      }, {}),
    ).map(([area, cases]) => ({ area, cases, 'clear error': cases })),
  );
  reportSection('bad-input-messages', rows);
  await core.stop();
  await transport.close();
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe(`the bad-input corpus: ${CASES.length} cases`, () => {
  it('has at least 40 cases across IPC payloads, files, masks, settings, server responses and the command line', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
    expect(new Set(CASES.map((c) => c.area))).toEqual(
      new Set(['ipc', 'file', 'mask', 'settings', 'server', 'cli']),
    );
  });

  it.each(CASES.map((c) => [c.area, c.name, c] as const))('%s: %s', async (_area, _name, c) => {
    const message = await c.run();
    expect(message).toMatch(c.expected);
    // Clear: a whole sentence, no leaked internals.
    expect(message.length).toBeGreaterThan(15);
    expect(message).not.toMatch(/undefined|\[object Object\]|^\s*at |TypeError|ZodError/);
    rows.push({ area: c.area, name: c.name, message });
  });
});
