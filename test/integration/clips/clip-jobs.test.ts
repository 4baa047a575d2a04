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
import { readProvenance } from '../../support/provenance.ts';

/**
 * The window's clean-up stands in here (WebCodecs exists only in the window): it writes the
 * clip's bytes reversed at the hidden name it is given, half first, and finishes when the
 * test says, or refuses. Everything else is the real engine, store and files.
 */
class StandInPort implements ClipPort {
  calls: ClipWork[] = [];
  refuse: ClipRefusal | undefined;
  /** Resolves the clip being cleaned; set while one is held. */
  release: (() => void) | undefined;
  hold = false;

  async clean(
    work: ClipWork,
    signal: AbortSignal,
    progress: (p: { done: number; total: number }) => void,
  ): Promise<ClipOutcome> {
    this.calls.push(work);
    if (this.refuse) return { refused: this.refuse };
    const bytes = Buffer.from(await readFile(work.input)).reverse();
    await writeFile(work.temp, bytes.subarray(0, bytes.length / 2));
    progress({ done: 1, total: 2 });
    if (this.hold) {
      await new Promise<void>((resolve, reject) => {
        this.release = resolve;
        signal.addEventListener('abort', () => reject(signal.reason as Error), { once: true });
      });
    }
    signal.throwIfAborted();
    await writeFile(work.temp, bytes);
    progress({ done: 2, total: 2 });
    return { container: 'mp4', frames: 2 };
  }
}

let dir: string;
let clipsDir: string;
let outDir: string;
let store: JobStore;
let port: StandInPort;
let engine: ClipEngine;

const settings = () => ({
  outputFolder: outDir,
  folderLayout: 'mirror' as const,
  filenameTemplate: '{name}-clean.{ext}',
});
const startEngine = () => {
  engine = new ClipEngine({ store, settings, port: () => port });
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
  await mkdir(path.join(clipsDir, 'holiday'), { recursive: true });
  await writeFile(path.join(clipsDir, 'holiday', 'beach.mov'), 'the marked clip');
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

describe('clips cleaned in the window, as the third kind of job', () => {
  it('writes the cleaned clip into the mirrored folder under a free name, with its provenance', async () => {
    const taken = path.join(outDir, 'holiday', 'beach-clean.mp4');
    await mkdir(path.dirname(taken), { recursive: true });
    await writeFile(taken, 'a file of the user');
    const [id] = startEngine().add([beach()]);
    await engine.whenIdle();
    expect(stateOf(id as string)).toBe('done');
    const written = path.join(outDir, 'holiday', 'beach-clean-1.mp4');
    expect(rowOf(id as string).output_path).toBe(written);
    expect(await readFile(written, 'utf8')).toBe([...'the marked clip'].reverse().join(''));
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
  });

  it('starts a clip cut off by a restart again from its first frame, leaving nothing of the first run', async () => {
    port.hold = true;
    const [id] = startEngine().add([beach()]);
    await expect.poll(() => port.release).toBeDefined();
    expect((await filesOut()).some((name) => name.endsWith('.part'))).toBe(true);
    // The app closes mid-clip: the job keeps its state on disk.
    engine.stop();
    await engine.whenIdle();
    store.close();
    expect(port.calls).toHaveLength(1);

    store = JobStore.open(path.join(dir, 'jobs.sqlite'));
    port.hold = false;
    startEngine().recover();
    await engine.whenIdle();
    expect(stateOf(id as string)).toBe('done');
    expect(port.calls).toHaveLength(2);
    expect((await filesOut()).filter((name) => name.startsWith('holiday/.'))).toEqual([]);
  });

  it('claims the name of a clip whose frames were all done before the restart, without cleaning it again', async () => {
    const [id] = startEngine().add([beach()]);
    await engine.whenIdle();
    // As if the app had stopped after the frames and before the name: the file back in hiding.
    const written = rowOf(id as string).output_path as string;
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
    expect(stateOf(id as string)).toBe('done');
    expect(port.calls).toHaveLength(1);
    expect(rowOf(id as string).output_path).toBe(
      path.join(path.dirname(written), 'beach-clean.mp4'),
    );
  });

  it('leaves no file under the final name, nor a hidden one, when cancelled mid-clip', async () => {
    port.hold = true;
    const [id] = startEngine().add([beach()]);
    await expect.poll(() => port.release).toBeDefined();
    expect(engine.cancel([id as string])).toBe(1);
    await engine.whenIdle();
    expect(stateOf(id as string)).toBe('canceled');
    expect(await filesOut()).toEqual(['holiday']);
  });

  it('pauses a clip back into the queue and starts it again on resume', async () => {
    port.hold = true;
    const [id] = startEngine().add([beach()]);
    await expect.poll(() => port.release).toBeDefined();
    engine.pause();
    await engine.whenIdle();
    expect(stateOf(id as string)).toBe('queued');
    expect(await filesOut()).toEqual(['holiday']);
    port.hold = false;
    engine.resume();
    await engine.whenIdle();
    expect(stateOf(id as string)).toBe('done');
  });

  it('fails a clip the clean-up refuses with the sentence saying why, and writes nothing', async () => {
    port.refuse = 'no-mark';
    const [id] = startEngine().add([beach()]);
    await engine.whenIdle();
    expect(stateOf(id as string)).toBe('failed');
    expect(
      (JSON.parse(rowOf(id as string).error_json ?? '{}') as { message: string }).message,
    ).toMatch(/No mark holds still over the whole of beach\.mov/);
    expect(await filesOut()).toEqual(['holiday']);
  });

  it('waits in the queue while no window is there to clean it, and starts when one comes', async () => {
    const shown: { port?: ClipPort } = {};
    engine = new ClipEngine({ store, settings, port: () => shown.port });
    const [id] = engine.add([beach()]);
    await engine.whenIdle();
    expect(stateOf(id as string)).toBe('queued');
    shown.port = port;
    engine.wake();
    await engine.whenIdle();
    expect(stateOf(id as string)).toBe('done');
  });
});
