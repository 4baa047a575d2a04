import { copyFile, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ALL_FORMATS, FilePathSource, Input } from 'mediabunny';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { exportProjectTakes, joinProjectFilm } from '../../../src-main/core/app/project-film.ts';
import { VideoArrangement } from '../../../src-main/core/jobs/video/video-arrangement.ts';
import { JobStore } from '../../../src-main/core/jobs/store/store.ts';
import { VideoRounds } from '../../../src-main/core/jobs/video/video-rounds.ts';
import { DEFAULT_FIXTURES_DIR } from '../../../src-main/simulator/video-service.ts';
import { advance, failBeforeSending } from '../../support/stored-rows.ts';

const REQUEST = { model: 'videomodel-2-5', content: [{ type: 'text' as const, text: 'fog' }] };

let dir: string;
let store: JobStore;
let rounds: VideoRounds;
let clock = 1_000;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-project-film-'));
  store = JobStore.open(path.join(dir, 'jobs.sqlite'), { now: () => (clock += 1000) });
  rounds = new VideoRounds(store);
});

afterEach(async () => {
  store.close();
  await rm(dir, { recursive: true, force: true });
});

/** A round of `shotId` finished with a copy of the simulator's `shape` clip as its video. */
async function doneRound(shotId: string, shape: 'landscape' | 'portrait'): Promise<string> {
  const id = rounds.addRound(shotId, REQUEST, 110);
  const video = path.join(dir, `${id}.mp4`);
  await copyFile(path.join(DEFAULT_FIXTURES_DIR, `${shape}.mp4`), video);
  advance(store, 'video', id, 'done', `task-${id}`, {
    outputs: { videos: [video], sidecar: `${video}.json` },
  });
  return id;
}

async function durationOf(file: string): Promise<number> {
  const input = new Input({ formats: ALL_FORMATS, source: new FilePathSource(file) });
  try {
    return await input.computeDuration();
  } finally {
    input.dispose();
  }
}

describe('a project’s film', () => {
  it('joins each shot’s newest finished take in shot order, leaving out a shot with none', async () => {
    const project = rounds.createProject('Harbour: night');
    const one = rounds.addShot(project);
    const two = rounds.addShot(project);
    const three = rounds.addShot(project);
    await doneRound(one, 'portrait');
    await doneRound(one, 'landscape');
    failBeforeSending(store, 'video', rounds.addRound(one, REQUEST, 110));
    failBeforeSending(store, 'video', rounds.addRound(two, REQUEST, 110));
    await doneRound(three, 'landscape');
    const out = path.join(dir, 'films');
    const film = await joinProjectFilm(rounds, project, out);
    expect(path.basename(film)).toBe('Harbour- night.mp4');
    // Two landscape clips of 2 s: shot 1's newest take and shot 3's; shot 2 has none.
    expect(await durationOf(film)).toBeCloseTo(4, 2);
  });

  it('joins the rounds asked for, in the order asked, and refuses one that is not a finished take', async () => {
    const project = rounds.createProject('Lighthouse');
    const shot = rounds.addShot(project);
    const first = await doneRound(shot, 'landscape');
    const second = await doneRound(shot, 'landscape');
    const film = await joinProjectFilm(rounds, project, dir, [second, first, second]);
    expect(await durationOf(film)).toBeCloseTo(6, 2);
    const failed = rounds.addRound(shot, REQUEST, 110);
    failBeforeSending(store, 'video', failed);
    await expect(joinProjectFilm(rounds, project, dir, [first, failed])).rejects.toThrow(
      'Shot 1’s chosen round has no finished clip: choose a round that is done.',
    );
    await expect(joinProjectFilm(rounds, project, dir, ['not-a-round'])).rejects.toThrow(
      'One of the takes is not in this project any more: choose again.',
    );
  });

  it('says plainly when there is nothing to join, or the takes differ, and writes nothing', async () => {
    const project = rounds.createProject('Empty');
    const out = path.join(dir, 'nothing');
    await expect(joinProjectFilm(rounds, project, out)).rejects.toThrow(
      'No shot has a finished take yet: join the film once a round of a shot is done.',
    );
    await doneRound(rounds.addShot(project), 'landscape');
    await doneRound(rounds.addShot(project), 'portrait');
    await expect(joinProjectFilm(rounds, project, out)).rejects.toThrow(
      'shot 2’s clip is 180×320, shot 1’s 320×180',
    );
    await expect(joinProjectFilm(rounds, 'gone', out)).rejects.toThrow(
      'That project no longer exists.',
    );
    expect(await readdir(out).catch(() => [])).toEqual([]);
  });
});

describe('exporting a project’s takes', () => {
  it('copies each shot’s take in shot order, names the shots left out, and never replaces a file', async () => {
    const project = rounds.createProject('Harbour');
    const one = rounds.addShot(project);
    const two = rounds.addShot(project);
    const three = rounds.addShot(project);
    const chosen = await doneRound(one, 'portrait');
    await doneRound(one, 'landscape');
    new VideoArrangement(store, rounds).chooseTake(one, chosen);
    failBeforeSending(store, 'video', rounds.addRound(two, REQUEST, 110));
    await doneRound(three, 'landscape');
    const out = path.join(dir, 'export');
    await mkdir(out);
    // A file of the user's already has the first take's name.
    const mine = path.join(out, '001-shot-1-round-1.mp4');
    await writeFile(mine, 'the user’s own file');

    expect(await exportProjectTakes(rounds, project, out)).toEqual({ count: 2, leftOut: [2] });
    expect((await readdir(out)).sort()).toEqual([
      '001-shot-1-round-1-1.mp4',
      '001-shot-1-round-1.mp4',
      '002-shot-3-round-1.mp4',
    ]);
    expect(await readFile(mine, 'utf8')).toBe('the user’s own file');
    // Shot 1's chosen take is the portrait clip, not its newer landscape round.
    expect(await readFile(path.join(out, '001-shot-1-round-1-1.mp4'))).toEqual(
      await readFile(path.join(DEFAULT_FIXTURES_DIR, 'portrait.mp4')),
    );
    await expect(exportProjectTakes(rounds, 'gone', out)).rejects.toThrow(
      'That project no longer exists.',
    );
  });
});
