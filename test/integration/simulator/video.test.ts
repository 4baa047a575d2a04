import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_PATHS } from '../../../src-shared/api/video.ts';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { call } from '../../support/simulator-http.ts';

let clock = Date.parse('2026-11-21T12:00:00Z');
let sim: Simulator;
const SECOND = 1000;
const MODEL = 'videomodel-2-5';

const generateUrl = () => sim.videoBaseUrl + VIDEO_PATHS.generate;
const taskUrl = (id: string) => sim.videoBaseUrl + VIDEO_PATHS.task(id);
const media = (type: string, url: string, role: string) => ({ type, [type]: { url }, role });
const text = (prompt: string) => ({ type: 'text', text: prompt });
const image = (id: string, role = 'reference_image') => ({
  type: 'image_url',
  image_url: { url: `asset://${id}` },
  role,
});
const video = (id: string, role = 'reference_video') => ({
  type: 'video_url',
  video_url: { url: `asset://${id}` },
  role,
});

interface TaskBody {
  task: {
    id: string;
    status: string;
    outputs?: string[];
    last_frame_url?: string;
    error?: { code: string; message: string };
  };
}

async function generate(body: Record<string, unknown>, key?: string) {
  return call(generateUrl(), { body: { model: MODEL, ...body }, ...(key ? { key } : {}) });
}

async function accepted(body: Record<string, unknown>, key?: string): Promise<string> {
  const reply = await generate(body, key);
  expect(reply.status).toBe(200);
  expect(reply.json).toMatchObject({ task: { id: expect.any(String), status: 'pending' } });
  return (reply.json as TaskBody).task.id;
}

async function task(id: string, key?: string): Promise<TaskBody['task']> {
  return ((await call(taskUrl(id), key ? { key } : {})).json as TaskBody).task;
}

async function balance(key: string): Promise<number> {
  const reply = await call(sim.videoBaseUrl + VIDEO_PATHS.quota, { body: {}, key });
  return (reply.json as { data: { balance_usd: number } }).data.balance_usd;
}

/** An auto-mode task whose reference video is `seconds` long fails once its time is up. */
async function expectLengthFailure(id: string, seconds: number): Promise<void> {
  clock += 15 * SECOND;
  expect(await task(id)).toMatchObject({
    status: 'failed',
    error: {
      code: 'InvalidParameter',
      message: `in the auto omni mode the reference video must be 4 to 30 seconds long; it is ${seconds} s`,
    },
  });
}

beforeAll(async () => {
  sim = await startSimulator({
    now: () => clock,
    accounts: [
      { key: 'video-key', balanceUsd: 20 },
      { key: 'poor-key', balanceUsd: 1 },
      { key: 'enterprise-key', balanceUsd: 20, tier: 'enterprise' },
      { key: 'no-models-key', enabledModels: [] },
    ],
    assets: [{ id: 'clip-40s', kind: 'video', durationSeconds: 40 }],
    video: { pendingMs: 2 * SECOND, processingMs: 10 * SECOND, jitter: 0.2 },
  });
});

afterAll(async () => {
  await sim.stop();
});

describe('video: a task from pending to completed', () => {
  it('accepts at once, then processes, then completes with a real MP4 and last frame, and charges', async () => {
    const before = await balance('video-key');
    const id = await accepted(
      { content: [text('A lighthouse at dawn')], duration: 5, return_last_frame: true },
      'video-key',
    );
    expect((await task(id, 'video-key')).status).toBe('pending');
    clock += 3 * SECOND;
    expect((await task(id, 'video-key')).status).toBe('processing');
    expect(await balance('video-key')).toBe(before);
    clock += 12 * SECOND;
    const done = await task(id, 'video-key');
    expect(done).toMatchObject({
      status: 'completed',
      outputs: [expect.any(String)],
      last_frame_url: expect.any(String),
    });
    const mp4 = Buffer.from(await (await fetch(done.outputs?.[0] ?? '')).arrayBuffer());
    expect(mp4.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const frame = await sharp(
      Buffer.from(await (await fetch(done.last_frame_url ?? '')).arrayBuffer()),
    ).metadata();
    expect(frame.format).toBe('png');
    // 5 s at the starter tier's 0.22 USD/s.
    expect(await balance('video-key')).toBeCloseTo(before - 1.1, 2);
  });

  it('charges the enterprise rate and gives no last frame unless asked', async () => {
    const id = await accepted(
      { content: [text('Rain on glass')], duration: 5, ratio: '9:16' },
      'enterprise-key',
    );
    clock += 15 * SECOND;
    const done = await task(id, 'enterprise-key');
    expect(done.status).toBe('completed');
    expect(done.last_frame_url).toBeUndefined();
    expect(await balance('enterprise-key')).toBeCloseTo(20 - 0.8, 2);
  });

  it('accepts image-to-video, first-and-last-frame, references and the auto omni mode', async () => {
    await accepted({
      content: [text('@image1 comes alive'), image('demo-image-landscape', 'first_frame')],
    });
    await accepted({
      content: [
        text('From @image1 to @image2'),
        image('demo-image-landscape', 'first_frame'),
        image('demo-image-portrait', 'last_frame'),
      ],
    });
    await accepted({
      content: [
        text('@video1 with the music of @audio1'),
        video('demo-video-8s'),
        media('audio_url', 'https://example.com/a.mp3', 'reference_audio'),
      ],
    });
    await accepted({
      content: [
        text('Restyle @video1 like @image1'),
        video('demo-video-8s'),
        image('demo-image-portrait'),
      ],
      omni_reference_task_type: 'auto',
      ratio: 'adaptive',
      duration: -1,
    });
  });

  it('fails late in the auto omni mode when the reference video is outside 4 to 30 s', async () => {
    const id = await accepted({
      content: [text('Restyle @video1'), video('clip-40s')],
      omni_reference_task_type: 'auto',
      ratio: 'adaptive',
      duration: -1,
    });
    await expectLengthFailure(id, 40);
  });

  it('takes several reference videos and sounds, sound in the auto mode too, and holds each video to 4 to 30 s', async () => {
    const audio = (id: string) => media('audio_url', `asset://${id}`, 'reference_audio');
    await accepted({
      content: [
        text('@video1 then @video2, with @audio1 under @audio2'),
        video('demo-video-8s'),
        video('clip-40s'),
        audio('demo-audio-6s'),
        media('audio_url', 'https://example.com/b.mp3', 'reference_audio'),
      ],
      duration: 8,
    });
    const id = await accepted({
      content: [
        text('@video1 cut with @video2 to @audio1'),
        video('demo-video-8s'),
        video('demo-video-2s'),
        audio('demo-audio-6s'),
      ],
      omni_reference_task_type: 'auto',
      ratio: 'adaptive',
      duration: -1,
    });
    await expectLengthFailure(id, 2);
  });

  it('fails late on a forced moderation failure, without charging', async () => {
    const before = await balance('video-key');
    const reply = await call(generateUrl(), {
      body: { model: MODEL, content: [text('x')], duration: 4 },
      key: 'video-key',
      headers: { 'x-sim-fault': 'fail-late' },
    });
    const id = (reply.json as TaskBody).task.id;
    clock += 15 * SECOND;
    expect(await task(id, 'video-key')).toMatchObject({
      status: 'failed',
      error: { code: 'OutputVideoSensitiveContentDetected' },
    });
    expect(await balance('video-key')).toBe(before);
  });

  it('never finishes when told to', async () => {
    const reply = await call(generateUrl(), {
      body: { model: MODEL, content: [text('x')] },
      headers: { 'x-sim-fault': 'never-finish' },
    });
    const id = (reply.json as TaskBody).task.id;
    clock += 24 * 60 * 60 * SECOND;
    expect((await task(id)).status).toBe('processing');
  });
});

describe('video: every rejection of section 7.2 and rule of 4.4 and 8', () => {
  const rejects = async (
    body: Record<string, unknown>,
    status: number,
    error: Record<string, string>,
    key?: string,
  ) => {
    const reply = await generate(body, key);
    expect(reply.status).toBe(status);
    expect(reply.json).toEqual({ error: { ...error, type: expect.any(String) } });
  };
  const invalid = (param: string, message: string) => ({
    code: 'InvalidParameter',
    param,
    message,
  });

  it('0 content items', async () => {
    await rejects(
      { content: [] },
      400,
      invalid('content', 'content must hold 1 to 50 items; it holds 0'),
    );
  });

  it('51 content items', async () => {
    const content = [
      text('many'),
      ...Array.from({ length: 50 }, () => image('demo-image-landscape')),
    ];
    await rejects(
      { content },
      400,
      invalid('content', 'content must hold 1 to 50 items; it holds 51'),
    );
  });

  it('no text item', async () => {
    await rejects(
      { content: [image('demo-image-landscape')] },
      400,
      invalid(
        'content',
        'content needs at least one text item with the prompt, also when media are given',
      ),
    );
  });

  it('@image3 with two images', async () => {
    await rejects(
      {
        content: [
          text('Blend @image1 and @image3'),
          image('demo-image-landscape'),
          image('demo-image-portrait'),
        ],
      },
      400,
      invalid('content', '@image3 refers to image 3, but the request has 2 image items'),
    );
  });

  it('duration 3 and 31', async () => {
    for (const duration of [3, 31]) {
      await rejects(
        { content: [text('x')], duration },
        400,
        invalid('duration', `duration ${duration} is outside 4 to 30 seconds for ${MODEL}`),
      );
    }
  });

  it('ratio 5:4', async () => {
    await rejects(
      { content: [text('x')], ratio: '5:4' },
      400,
      invalid('ratio', 'ratio 5:4 is not supported; use one of 21:9, 16:9, 4:3, 1:1, 3:4, 9:16'),
    );
  });

  it('resolution 1080p', async () => {
    await rejects(
      { content: [text('x')], resolution: '1080p' },
      400,
      invalid('resolution', 'resolution 1080p is not supported; use 480p or 720p'),
    );
  });

  it('role first_frame on a video item', async () => {
    await rejects(
      { content: [text('x'), video('demo-video-8s', 'first_frame')] },
      400,
      invalid(
        'content[1].role',
        'role first_frame is not allowed on a video_url item; use reference_video',
      ),
    );
  });

  it('an unknown model, and a known one the account has not enabled', async () => {
    await rejects({ model: 'videomodel-9', content: [text('x')] }, 400, {
      code: 'ModelNotEnabled',
      param: 'model',
      message: 'The model videomodel-9 is not enabled for this account.',
    });
    await rejects(
      { content: [text('x')] },
      400,
      {
        code: 'ModelNotEnabled',
        param: 'model',
        message: `The model ${MODEL} is not enabled for this account.`,
      },
      'no-models-key',
    );
  });

  it('the auto omni mode without ratio adaptive, or without duration -1, or with a frame role', async () => {
    const auto = {
      omni_reference_task_type: 'auto',
      content: [text('@video1'), video('demo-video-8s')],
    };
    await rejects(
      { ...auto, ratio: '16:9', duration: -1 },
      400,
      invalid('ratio', 'the auto omni mode needs ratio adaptive'),
    );
    await rejects(
      { ...auto, ratio: 'adaptive', duration: 10 },
      400,
      invalid('duration', 'the auto omni mode needs duration -1'),
    );
    await rejects(
      {
        ...auto,
        ratio: 'adaptive',
        duration: -1,
        content: [text('x'), image('demo-image-landscape', 'first_frame')],
      },
      400,
      invalid(
        'content[1].role',
        'the auto omni mode takes only reference_image, reference_video and reference_audio roles, not first_frame',
      ),
    );
  });

  it('ratio adaptive and duration -1 outside the auto mode', async () => {
    await rejects(
      { content: [text('x')], ratio: 'adaptive' },
      400,
      invalid('ratio', 'ratio adaptive is only for the auto omni mode'),
    );
    await rejects(
      { content: [text('x')], duration: -1 },
      400,
      invalid('duration', `duration -1 is outside 4 to 30 seconds for ${MODEL}`),
    );
  });

  it('media URLs per section 2.3', async () => {
    await rejects(
      { content: [text('x'), media('image_url', 'http://example.com/a.png', 'reference_image')] },
      400,
      invalid(
        'content[1].image_url.url',
        'an image must be an asset:// URL or a public https:// URL',
      ),
    );
    await rejects(
      { content: [text('x'), media('video_url', 'https://example.com/a.mp4', 'reference_video')] },
      400,
      invalid(
        'content[1].video_url.url',
        'videos must be uploaded and processed assets given as asset:// URLs',
      ),
    );
    await rejects(
      { content: [text('x'), media('audio_url', 'http://example.com/a.mp3', 'reference_audio')] },
      400,
      invalid('content[1].audio_url.url', 'audio must be an asset:// URL or a public https:// URL'),
    );
    await rejects(
      { content: [text('x'), video('no-such-asset')] },
      400,
      invalid(
        'content[1].video_url.url',
        'The asset asset://no-such-asset does not exist: upload it first.',
      ),
    );
    await rejects(
      { content: [text('x'), video('demo-image-landscape')] },
      400,
      invalid(
        'content[1].video_url.url',
        'The asset asset://demo-image-landscape is a image, not a video.',
      ),
    );
  });

  it('frame roles that do not fit together', async () => {
    await rejects(
      { content: [text('x'), image('demo-image-landscape', 'last_frame')] },
      400,
      invalid('content', 'a last_frame needs a first_frame'),
    );
    await rejects(
      {
        content: [
          text('x'),
          image('demo-image-landscape', 'first_frame'),
          image('demo-image-portrait'),
        ],
      },
      400,
      invalid(
        'content',
        'first and last frames cannot be mixed with reference media; use the auto omni mode for that',
      ),
    );
  });

  it('a body that is not JSON, and members of the wrong type', async () => {
    const reply = await call(generateUrl(), { body: 'nope' });
    expect(reply.status).toBe(400);
    expect(reply.json).toEqual({
      error: {
        code: 'InvalidParameter',
        message: 'The request body must be a JSON object.',
        type: 'BadRequest',
      },
    });
    await rejects(
      { content: 'x' },
      400,
      invalid('content', 'content must be an array of content items'),
    );
  });

  it('a key that is not valid', async () => {
    for (const key of ['nope', null]) {
      const reply = await call(generateUrl(), {
        body: { model: MODEL, content: [text('x')] },
        key,
      });
      expect(reply.status).toBe(401);
      expect(reply.json).toEqual({
        error: {
          code: 'AuthenticationError',
          message: 'The API key is missing or not valid: send Authorization: Bearer <API key>.',
          type: 'Unauthorized',
        },
      });
    }
  });

  it('a balance that is not sufficient, counting tasks still running', async () => {
    sim.addAccount({ key: 'tight-key', balanceUsd: 2.5 });
    await accepted({ content: [text('x')], duration: 10 }, 'tight-key');
    await rejects(
      { content: [text('y')], duration: 4 },
      403,
      {
        code: 'AccountOverdueError',
        message:
          'The balance is not sufficient for this request (about 0.88 USD): top up the API balance.',
      },
      'tight-key',
    );
    await rejects(
      { content: [text('x')], duration: 5 },
      403,
      {
        code: 'AccountOverdueError',
        message:
          'The balance is not sufficient for this request (about 1.10 USD): top up the API balance.',
      },
      'poor-key',
    );
  });

  it('the wrong method and an unknown task', async () => {
    const reply = await call(generateUrl(), { method: 'GET' });
    expect(reply.status).toBe(405);
    expect(reply.headers.get('allow')).toBe('POST');
    const missing = await call(taskUrl('vid_missing'));
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ error: { code: 'NotFound' } });
  });
});

describe('video: the task list', () => {
  it('pages, filters by status and by ids, and hides other accounts and old tasks', async () => {
    sim.addAccount({ key: 'list-key', balanceUsd: 100 });
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1)
      ids.push(await accepted({ content: [text(`shot ${i}`)], duration: 4 }, 'list-key'));
    clock += 15 * SECOND;
    ids.push(await accepted({ content: [text('still waiting')], duration: 4 }, 'list-key'));
    const list = (query: string) =>
      call(`${sim.videoBaseUrl}${VIDEO_PATHS.tasks}?${query}`, { key: 'list-key' });

    const page = (await list('page_num=2&page_size=2')).json as {
      tasks: { id: string }[];
      total: number;
      page_num: number;
      page_size: number;
    };
    expect(page).toMatchObject({ total: 6, page_num: 2, page_size: 2 });
    expect(page.tasks.map((t) => t.id)).toEqual([ids[3], ids[2]]);

    const pending = (await list('filter.status=pending')).json as { tasks: { id: string }[] };
    expect(pending.tasks.map((t) => t.id)).toEqual([ids[5]]);
    const completed = (await list('filter.status=completed&page_size=500')).json as {
      total: number;
    };
    expect(completed.total).toBe(5);

    const chosen = (await list(`filter.task_ids=${ids[0]}&filter.task_ids=${ids[4]}`)).json as {
      tasks: { id: string }[];
    };
    expect(chosen.tasks.map((t) => t.id).sort()).toEqual([ids[0], ids[4]].sort());

    clock += 8 * 24 * 60 * 60 * SECOND;
    expect(((await list('')).json as { total: number }).total).toBe(0);
  });

  it('refuses page sizes outside 1 to 500', async () => {
    for (const size of ['0', '501', 'x']) {
      const reply = await call(`${sim.videoBaseUrl}${VIDEO_PATHS.tasks}?page_size=${size}`);
      expect(reply.status).toBe(400);
      expect(reply.json).toMatchObject({ error: { code: 'InvalidParameter', param: 'page_size' } });
    }
  });
});
