import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byteRange, previewResponse } from '../../../src-main/core/app/preview-response.ts';

describe('byte ranges for the preview protocol', () => {
  it('reads the forms a media element sends, and refuses spans outside the file', () => {
    expect(byteRange(null, 100)).toBeUndefined();
    expect(byteRange('bytes=0-', 100)).toEqual({ start: 0, end: 99 });
    expect(byteRange('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
    expect(byteRange('bytes=90-500', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=-30', 100)).toEqual({ start: 70, end: 99 });
    expect(byteRange('bytes=100-', 100)).toBeNull();
    expect(byteRange('bytes=20-10', 100)).toBeNull();
    expect(byteRange('bytes=0-1,5-9', 100)).toBeUndefined();
    expect(byteRange('items=0-1', 100)).toBeUndefined();
  });
});

describe('the preview response', () => {
  let dir: string;
  let clip: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-preview-'));
    clip = path.join(dir, 'shot-1-round-1.mp4');
    await writeFile(clip, Buffer.from(Array.from({ length: 256 }, (_, i) => i)));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('answers a whole file with its type and says ranges are accepted', async () => {
    const answer = await previewResponse(clip, null);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('video/mp4');
    expect(answer.headers.get('accept-ranges')).toBe('bytes');
    expect((await answer.arrayBuffer()).byteLength).toBe(256);
  });

  it('answers a range with exactly those bytes, and an impossible one with 416', async () => {
    const part = await previewResponse(clip, 'bytes=16-31');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 16-31/256');
    expect([...new Uint8Array(await part.arrayBuffer())]).toEqual(
      Array.from({ length: 16 }, (_, i) => 16 + i),
    );
    const beyond = await previewResponse(clip, 'bytes=300-');
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe('bytes */256');
  });
});
