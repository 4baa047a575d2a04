import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClipRefusal } from '../../../src-shared/domain/clip-jobs.ts';
import { ClipEngine } from '../../../src-main/core/jobs/clip/clip-engine.ts';
import type {
  ClipOutcome,
  ClipPort,
  ClipWork,
} from '../../../src-main/core/jobs/clip/clip-port.ts';
import { JobStore } from '../../../src-main/core/jobs/store/store.ts';
import { clipFacts } from '../../support/clip-measure.ts';
import { readProvenance } from '../../support/provenance.ts';
import { cutSegments, makeShortClip, SHORT_CLIP } from '../../support/segment-cutter.ts';

/**
 * The window's clean-up stands in here (WebCodecs exists only in the window): it hands back
 * the clip's own encoded frames cut into segments from the one it is asked to start at, each
 * in two pieces, and can hold after the first one until the test says, or refuse.
 * Everything else is the real engine, store, segment store, join and files.
 */
class StandInPort implements ClipPort {
  calls: ClipWork[] = [];
  refuse: ClipRefusal | undefined;
  /** Resolves the clip being cleaned; set while one is held after its first segment. */
  release: (() => void) | undefined;
  hold = false;

  async clean(
    work: ClipWork,
    signal: AbortSignal,
    progress: (p: { done: number; total: number }) => void,
  ): Promise<ClipOutcome> {
    // As the window is asked: where to start is read now.
    this.calls.push({ ...work });
    if (this.refuse) return { refused: this.refuse };
    let done = work.from.frames;
    for (const [n, segment] of (await cutSegments(work.input, work.from.segment)).entries()) {
      const half = Math.floor(segment.bytes.length / 2);
      await work.segments.write(segment.index, 0, segment.bytes.subarray(0, half));
      await work.segments.write(segment.index, half, segment.bytes.subarray(half));
      await work.segments.finish(segment.index, segment.frames);
      done += segment.frames;
      progress({ done, total: SHORT_CLIP.frames });
      if (n === 0 && this.hold) {
        await new Promise<void>((resolve, reject) => {
          this.release = resolve;
          signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
        });
      }
      signal.throwIfAborted();
    }
    return { container: 'mp4', frames: done };
  }
}

let dir: string;
let clipsDir: string;
let outDir: string;
let segmentsDir: string;
let source: string;
let store: JobStore;
let port: StandInPort;
let engine: ClipEngine;

const settings = () => ({
  outputFolder: outDir,
  folderLayout: 'mirror' as const,
  filenameTemplate: '{name}-clean.{ext}',
});
const startEngine = () => {
  engine = new ClipEngine({ store, settings, segmentsDir, port: () => port });
  return engine;
};
const stateOf = (id: string) =>
  (store.db.prepare('SELECT state FROM clip_jobs WHERE id = ?').get(id) as { state: string }).state;
const rowOf = (id: string) =>
  store.db.prepare('SELECT * FROM clip_jobs WHERE id = ?').get(id) as {
    output_path: string | null;
    error_json: string | null;
  };
/** Every file under the output folder, hidden ones included. */
async function filesOut(): Promise<string[]> {
  const names = await readdir(outDir, { recursive: true }).catch(() => [] as string[]);
  return names.map(String).sort();
}

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clip-jobs-'));
  clipsDir = path.join(dir, 'clips');
  outDir = path.join(dir, 'out');
  segmentsDir = path.join(dir, 'clip-segments');
  await mkdir(path.join(clipsDir, 'holiday'), { recursive: true });
  source = await makeShortClip(path.join(clipsDir, 'holiday'), 'beach.mov');
  store = JobStore.open(path.join(dir, 'jobs.sqlite'));
  port = new StandInPort();
});
afterEach(async () => {
  engine.stop();
  await engine.whenIdle();
  store.close();
  await rm(dir, { recursive: true, force: true });
});

const beach = () => ({ inputPath: path.join(clipsDir, 'holiday', 'beach.mov'), root: clipsDir });

/** The cleaned clip has every frame of the source, and its sound packet for packet. */
async function expectWhole(file: string): Promise<void> {
  const [before, after] = await Promise.all([clipFacts(source), clipFacts(file)]);
  expect(after.frames).toBe(SHORT_CLIP.frames);
  expect(before.sound.length).toBeGreaterThan(0);
  expect(after.sound).toEqual(before.sound);
}
/** Every file the clip's segments left in the data folder. */
async function segmentFiles(): Promise<string[]> {
  const names = await readdir(segmentsDir, { recursive: true }).catch(() => [] as string[]);
  return names
    .map(String)
    .filter((name) => name.includes('.'))
    .sort();
}
/** Adds the clip and waits until its first segment is kept and the window holds there. */
async function heldAfterFirstSegment(): Promise<string> {
  port.hold = true;
  const [id] = startEngine().add([beach()]);
  await expect.poll(() => port.release).toBeDefined();
  return id as string;
}
/** The app closes mid-clip, then starts again on the same data with the window there. */
async function restart(): Promise<void> {
  engine.stop();
  await engine.whenIdle();
  store.close();
  store = JobStore.open(path.join(dir, 'jobs.sqlite'));
  startEngine().recover();
}

describe('clips cleaned in the window, as the third kind of job', () => {
  it('writes the cleaned clip into the mirrored folder under a free name, with its provenance', async () => {
    const taken = path.join(outDir, 'holiday', 'beach-clean.mp4');
    await mkdir(path.dirname(taken), { recursive: true });
    await writeFile(taken, 'a file of the user');
    const id = startEngine().add([beach()])[0] as string;
    await engine.whenIdle();
    expect(stateOf(id)).toBe('done');
    const written = path.join(outDir, 'holiday', 'beach-clean-1.mp4');
    expect(rowOf(id).output_path).toBe(written);
    await expectWhole(written);
    expect(await readFile(taken, 'utf8')).toBe('a file of the user');
    const [line] = await readProvenance(path.dirname(written));
    expect(line).toMatchObject({ service: 'clip', engine: 'local', output: written });
    expect(await filesOut()).toEqual(
      [
        'holiday',
        'holiday/beach-clean-1.mp4',
        'holiday/beach-clean.mp4',
        'holiday/clearframe-provenance.jsonl',
      ].sort(),
    );
    expect(await segmentFiles()).toEqual([]);
  });

  it('carries on a clip cut off by a restart at its next segment, asking the window only for the rest', async () => {
    const id = await heldAfterFirstSegment();
    expect(await segmentFiles()).toEqual([`${id}/000000.seg`, `${id}/segments.json`]);
    expect(port.calls).toHaveLength(1);
    port.hold = false;
    await restart();
    await engine.whenIdle();
    expect(stateOf(id)).toBe('done');
    expect(port.calls).toHaveLength(2);
    // Four seconds at ten frames a second were kept: the window is asked from the second on.
    expect(port.calls[1]?.from).toEqual({ segment: 1, frames: 40 });
    await expectWhole(rowOf(id).output_path as string);
    expect((await filesOut()).filter((name) => name.startsWith('holiday/.'))).toEqual([]);
    expect(await segmentFiles()).toEqual([]);
  });

  it('refuses a damaged record of segments with a sentence and cleans the clip from its first frame', async () => {
    const id = await heldAfterFirstSegment();
    await writeFile(path.join(segmentsDir, id, 'segments.json'), '{"version": 1, "seg');
    await restart();
    await expect.poll(() => port.calls.length).toBe(2);
    expect(port.calls[1]?.from).toEqual({ segment: 0, frames: 0 });
    // Said on the clip while it is cleaned again.
    expect(stateOf(id)).toBe('preparing');
    expect((JSON.parse(rowOf(id).error_json ?? '{}') as { message: string }).message).toBe(
      'The record of the parts of beach.mov already cleaned was damaged, so it is being cleaned again from its first frame rather than saved broken.',
    );
    port.hold = false;
    await expect.poll(() => port.release).toBeDefined();
    port.release?.();
    await engine.whenIdle();
    expect(stateOf(id)).toBe('done');
    expect(rowOf(id).error_json).toBeNull();
    await expectWhole(rowOf(id).output_path as string);
  });

  it('does not join a segment changed on disk: the clip is cleaned again from its first frame', async () => {
    const id = await heldAfterFirstSegment();
    const kept = path.join(segmentsDir, id, '000000.seg');
    await writeFile(kept, (await readFile(kept)).subarray(0, 100));
    port.hold = false;
    await restart();
    await engine.whenIdle();
    expect(port.calls[1]?.from).toEqual({ segment: 0, frames: 0 });
    expect(stateOf(id)).toBe('done');
    await expectWhole(rowOf(id).output_path as string);
  });

  it('claims the name of a clip whose frames were all done before the restart, without cleaning it again', async () => {
    const id = startEngine().add([beach()])[0] as string;
    await engine.whenIdle();
    // As if the app had stopped after the frames and before the name: the file back in hiding.
    const written = rowOf(id).output_path as string;
    const hidden = path.join(path.dirname(written), `.beach-clean.mp4.${id}-0000.part`);
    await writeFile(hidden, await readFile(written));
    await rm(written);
    store.db
      .prepare(
        `UPDATE clip_jobs SET state = 'downloading', output_path = NULL, work_path = ?, planned_path = ? WHERE id = ?`,
      )
      .run(hidden, path.join(path.dirname(written), 'beach-clean.mp4'), id);
    engine.stop();
    startEngine().recover();
    await engine.whenIdle();
    expect(stateOf(id)).toBe('done');
    expect(port.calls).toHaveLength(1);
    expect(rowOf(id).output_path).toBe(path.join(path.dirname(written), 'beach-clean.mp4'));
  });

  it('leaves no file under the final name, nor a hidden one, nor a segment, when cancelled mid-clip', async () => {
    const id = await heldAfterFirstSegment();
    expect(await segmentFiles()).not.toEqual([]);
    expect(engine.cancel([id])).toBe(1);
    await engine.whenIdle();
    expect(stateOf(id)).toBe('canceled');
    expect(await filesOut()).toEqual(['holiday']);
    expect(await segmentFiles()).toEqual([]);
  });

  it('pauses a clip back into the queue keeping its finished segments, and carries on after them on resume', async () => {
    const id = await heldAfterFirstSegment();
    engine.pause();
    await engine.whenIdle();
    expect(stateOf(id)).toBe('queued');
    expect(await filesOut()).toEqual(['holiday']);
    expect(await segmentFiles()).toEqual([`${id}/000000.seg`, `${id}/segments.json`]);
    port.hold = false;
    engine.resume();
    await engine.whenIdle();
    expect(stateOf(id)).toBe('done');
    expect(port.calls[1]?.from).toEqual({ segment: 1, frames: 40 });
    await expectWhole(rowOf(id).output_path as string);
  });

  it('removes the segments of a paused clip when it is cancelled', async () => {
    const id = await heldAfterFirstSegment();
    engine.pause();
    await engine.whenIdle();
    expect(await segmentFiles()).not.toEqual([]);
    expect(engine.cancel([id])).toBe(1);
    await engine.whenIdle();
    expect(stateOf(id)).toBe('canceled');
    expect(await segmentFiles()).toEqual([]);
    expect(await filesOut()).toEqual(['holiday']);
  });

  it('fails a clip the clean-up refuses with the sentence saying why, and writes nothing', async () => {
    port.refuse = 'no-mark';
    const id = startEngine().add([beach()])[0] as string;
    await engine.whenIdle();
    expect(stateOf(id)).toBe('failed');
    expect((JSON.parse(rowOf(id).error_json ?? '{}') as { message: string }).message).toMatch(
      /No mark holds still over the whole of beach\.mov/,
    );
    expect(await filesOut()).toEqual(['holiday']);
    expect(await segmentFiles()).toEqual([]);
  });

  it('waits in the queue while no window is there to clean it, and starts when one comes', async () => {
    const shown: { port?: ClipPort } = {};
    engine = new ClipEngine({ store, settings, segmentsDir, port: () => shown.port });
    const id = engine.add([beach()])[0] as string;
    await engine.whenIdle();
    expect(stateOf(id)).toBe('queued');
    shown.port = port;
    engine.wake();
    await engine.whenIdle();
    expect(stateOf(id)).toBe('done');
  });
});
