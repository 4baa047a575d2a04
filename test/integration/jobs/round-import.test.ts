import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ROUND_SECONDS } from '../../../src-shared/domain/limits.ts';
import {
  RoundImportError,
  planImport,
  planView,
  queueImport,
  type ImportPlan,
} from '../../../src-main/core/jobs/video/round-import.ts';
import { JobStore } from '../../../src-main/core/jobs/store/store.ts';
import { VideoRounds } from '../../../src-main/core/jobs/video/video-rounds.ts';
import { DEFAULT_FIXTURES_DIR } from '../../../src-main/simulator/video-service.ts';
import { advance } from '../../support/stored-rows.ts';

const HEADER = 'prompt,kind,references,duration,ratio,shot';
/** The simulator's landscape clip: a real MP4 of 2 s, too short for an Auto round's reference. */
const SHORT_CLIP = path.join(DEFAULT_FIXTURES_DIR, 'landscape.mp4');

let dir: string;
let store: JobStore;
let rounds: VideoRounds;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-import-'));
  store = JobStore.open(path.join(dir, 'jobs.sqlite'));
  rounds = new VideoRounds(store);
});

afterEach(async () => {
  store.close();
  await rm(dir, { recursive: true, force: true });
});

async function file(name: string, text: string | Buffer): Promise<string> {
  const at = path.join(dir, name);
  await writeFile(at, text);
  return at;
}

function plan(at: string, demo = false): Promise<ImportPlan> {
  return planImport(at, { rounds, tier: 'starter', demo });
}

function queuedCount(): number {
  return (store.db.prepare('SELECT COUNT(*) AS n FROM video_rounds').get() as { n: number }).n;
}

async function refusal(at: string): Promise<string> {
  const error = await plan(at).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(RoundImportError);
  return (error as RoundImportError).userMessage;
}

describe('importing rounds from a CSV file', () => {
  it('queues nothing when one row is broken, and names the row and the rule', async () => {
    const projectId = rounds.createProject('Harbour');
    const at = await file(
      'rounds.csv',
      [
        HEADER,
        'gulls over the harbour,text,,5,16:9,',
        'a trawler leaves the quay,text,,8,,',
        'the light goes on,text,,40,,',
        'night falls,text,,6,,',
      ].join('\n'),
    );
    const planned = await plan(at);
    expect(planned.problems).toEqual([
      {
        label: 'Row 4',
        message:
          'Make the duration 4 to 30 seconds: Video model 2.5 does not make a 40-second clip.',
      },
    ]);
    expect(() => queueImport(store, rounds, 'starter', planned, { id: projectId })).toThrow(
      /Nothing was queued from rounds\.csv: one round breaks a rule\. Row 4: Make the duration 4 to 30 seconds/,
    );
    expect(queuedCount()).toBe(0);
    expect(rounds.tree(projectId)?.shots).toEqual([]);
  });

  it('queues every row with its shot, all at once, at the cost it showed', async () => {
    const projectId = rounds.createProject('Harbour');
    const firstShot = rounds.addShot(projectId);
    const at = await file(
      'rounds.csv',
      [
        HEADER,
        'gulls over the harbour,text,,5,16:9,Gulls',
        '"a trawler, leaving",image,https://example.com/boat.png,8,,',
        'the gulls again,text,,,,Gulls',
        'restyle @video1 to @audio1,auto,video=asset://demo-video-8s | audio=asset://demo-audio-6s,,,',
      ].join('\r\n'),
    );
    const planned = await plan(at, true);
    expect(planned.problems).toEqual([]);
    const view = planView(planned, rounds.tree(projectId));
    expect(view.rounds.map((round) => [round.label, round.shot, round.cents])).toEqual([
      ['Row 2', 'Shot 2 "Gulls" (new)', 110],
      ['Row 3', 'Shot 1', 176],
      ['Row 4', 'Shot 2 "Gulls" (new)', DEFAULT_ROUND_SECONDS * 22],
      ['Row 5', 'Shot 3 (new)', 660],
    ]);
    expect(view.totalCents).toBe(110 + 176 + DEFAULT_ROUND_SECONDS * 22 + 660);
    expect(view.upperBound).toBe(true);

    const { roundIds } = queueImport(store, rounds, 'starter', planned, { id: projectId });
    const tree = rounds.tree(projectId);
    expect(
      tree?.shots.map((shot) => [shot.id === firstShot, shot.title, shot.rounds.length]),
    ).toEqual([
      [true, '', 1],
      [false, 'Gulls', 2],
      [false, '', 1],
    ]);
    expect(roundIds).toHaveLength(4);
    const auto = JSON.parse(rounds.round(roundIds[3] as string)?.request_json ?? '{}') as unknown;
    expect(auto).toMatchObject({
      omni_reference_task_type: 'auto',
      duration: -1,
      ratio: 'adaptive',
      content: [
        { type: 'text' },
        { type: 'video_url', video_url: { url: 'asset://demo-video-8s' }, role: 'reference_video' },
        { type: 'audio_url', audio_url: { url: 'asset://demo-audio-6s' }, role: 'reference_audio' },
      ],
    });
  });

  it('names each broken row with every rule it breaks, in the round editor words', async () => {
    const at = await file(
      'rounds.csv',
      [
        HEADER,
        'ok,text,,5,,',
        'see @image2,image,https://example.com/a.png,5,,',
        'frames,frames,image=https://example.com/a.png | video=asset://v,5,,',
        ',text,,5,,',
        'wide,text,,5,2:1,',
        'auto,auto,video=asset://v,10,,',
        'what,spin,,5,,',
        'long,text,,5.5,,',
        'mixed,auto,asset://a,,,',
      ].join('\n'),
    );
    const { problems } = await plan(at);
    expect(problems.map((p) => `${p.label}: ${p.message}`)).toEqual([
      'Row 3: The prompt names @image2, but the round has 1 image reference: add one, or change @image2 in the prompt.',
      'Row 4: Use frames or references, not both: remove one, or choose Auto as the kind of round to work from references.',
      'Row 5: Write a prompt: every round needs one, also when it has references.',
      'Row 6: Choose a ratio of 21:9, 16:9, 4:3, 1:1, 3:4, or 9:16; the service does not make 2:1.',
      'Row 7: Leave the duration to the model: an Auto round picks its own length.',
      'Row 8: The kind "spin" is not one Clearframe knows; use text, image, frames, video, audio, edit, auto.',
      `Row 9: The duration must be a whole number of seconds, such as ${DEFAULT_ROUND_SECONDS}; "5.5" is not.`,
      'Row 10: Say what reference 1 is: write image=, video= or audio= before its address.',
    ]);
  });

  it('refuses a reference file that does not exist, and a local file given as the address', async () => {
    await copyFile(SHORT_CLIP, path.join(dir, 'walk.mp4'));
    const at = await file(
      'rounds.csv',
      [
        HEADER,
        'walk @video1,auto,video=asset://walk from clips/missing.mp4,,,',
        'walk @video1,video,walk.mp4,5,,',
        'walk @video1,video,clips/gone.mp4,5,,',
      ].join('\n'),
    );
    const { problems } = await plan(at);
    expect(problems.map((p) => `${p.label}: ${p.message}`)).toEqual([
      'Row 2: Reference 1 names the file clips/missing.mp4, and there is no such file: correct the name, or leave "from …" out.',
      'Row 3: Reference 1 is a file on this computer (walk.mp4), and the service takes references only by address: upload it to your account on the provider\'s site and give its asset:// address (add "from walk.mp4" after it to have it checked here).',
      'Row 4: Reference 1, clips/gone.mp4, is not an address (asset:// or https://) and there is no such file either.',
    ]);
  });

  it('refuses a file that cannot be read, one that is not CSV or JSON, and an empty one', async () => {
    expect(await refusal(path.join(dir, 'nowhere.csv'))).toBe(
      'Clearframe cannot read nowhere.csv: there is no such file. Check the name and that you may open the file, then import it again.',
    );
    await mkdir(path.join(dir, 'folder.csv'));
    expect(await refusal(path.join(dir, 'folder.csv'))).toMatch(
      /cannot read folder\.csv: it is a folder/,
    );
    expect(await refusal(await file('rounds.txt', `${HEADER}\nx,text,,5,,`))).toBe(
      'rounds.txt is not a CSV or JSON file. Rounds are imported from a .csv file (a spreadsheet saved as CSV) or a .json file.',
    );
    expect(await refusal(await file('sheet.csv', Buffer.from([0x50, 0x4b, 3, 4, 0, 0])))).toMatch(
      /^sheet\.csv is not a text file\. Save the rounds as CSV/,
    );
    expect(await refusal(await file('empty.csv', ''))).toMatch(/^empty\.csv holds no rounds\./);
    expect(await refusal(await file('header.csv', `${HEADER}\n`))).toMatch(
      /^header\.csv holds no rounds\./,
    );
    expect(await refusal(await file('quote.csv', `${HEADER}\n"open,text,,5,,`))).toMatch(
      /^quote\.csv is not a CSV file Clearframe can read/,
    );
    expect(queuedCount()).toBe(0);
  });

  it('refuses a column it does not read, naming it and the columns it does', async () => {
    const at = await file('rounds.csv', 'prompt,durration\ngulls,5\n');
    expect(await refusal(at)).toBe(
      'rounds.csv has a column Clearframe does not read: "durration". The columns are prompt, kind, references, duration, ratio and shot; rename or remove that column.',
    );
    expect(await refusal(await file('noprompt.csv', 'kind,duration\ntext,5\n'))).toMatch(
      /has no "prompt" column/,
    );
  });
});

describe('importing rounds from a JSON file', () => {
  it('names a broken round by its place and its line', async () => {
    const at = await file(
      'rounds.json',
      JSON.stringify(
        [
          { prompt: 'gulls', duration: 5 },
          { prompt: 'boats', duration: 99, shot: 'Quay' },
          { prompt: 'night', colour: 'blue' },
        ],
        null,
        2,
      ),
    );
    const { problems, rounds: made } = await plan(at);
    expect(made).toHaveLength(1);
    expect(problems.map((p) => `${p.label}: ${p.message}`)).toEqual([
      'Round 2 (line 6): Make the duration 4 to 30 seconds: Video model 2.5 does not make a 99-second clip.',
      'Round 3 (line 11): The field "colour" is not one Clearframe reads (prompt, kind, references, duration, ratio, shot).',
    ]);
  });

  it('refuses JSON that is not a list of rounds', async () => {
    expect(await refusal(await file('bad.json', '{"prompt": "x"'))).toMatch(
      /^bad\.json is not valid JSON/,
    );
    expect(await refusal(await file('object.json', '{"prompt": "x"}'))).toMatch(
      /must hold a JSON list of rounds/,
    );
    expect(await refusal(await file('none.json', '[]'))).toMatch(/^none\.json holds no rounds/);
  });
});

describe("the auto mode's reference-video length", () => {
  it('is checked from a file the row names, probed with mediabunny', async () => {
    await copyFile(SHORT_CLIP, path.join(dir, 'walk.mp4'));
    const at = await file(
      'rounds.json',
      JSON.stringify([
        {
          prompt: 'walk like @video1',
          kind: 'auto',
          references: ['video=asset://walk from walk.mp4'],
        },
      ]),
    );
    const { problems } = await plan(at);
    expect(problems).toEqual([
      {
        label: 'Round 1 (line 1)',
        message:
          'Reference 1 is 2 s long, and an Auto round takes reference videos of 4 to 30 seconds: trim it, or choose another video.',
      },
    ]);
  });

  it('is checked from a clip of a project whose service address is an asset', async () => {
    const projectId = rounds.createProject('Walks');
    const shotId = rounds.addShot(projectId);
    const made = rounds.addRound(
      shotId,
      { model: 'videomodel-2-5', content: [{ type: 'text', text: 'walk' }], duration: 5 },
      110,
    );
    advance(store, 'video', made, 'done', 'task-1', {
      outputs: {
        videos: [SHORT_CLIP],
        sidecar: path.join(dir, 's.json'),
        videoUrls: ['asset://walk-take-1'],
      },
    });
    const at = await file(
      'rounds.csv',
      `${HEADER}\nagain like @video1,auto,video=asset://walk-take-1,,,\n`,
    );
    const { problems } = await plan(at);
    expect(problems.map((p) => p.message)).toEqual([
      'Reference 1 is 2 s long, and an Auto round takes reference videos of 4 to 30 seconds: trim it, or choose another video.',
    ]);
  });

  it('is not blocked when only the service knows it, and says so', async () => {
    const at = await file(
      'rounds.csv',
      `${HEADER}\nlike @video1,auto,video=asset://elsewhere,,,\n`,
    );
    const planned = await plan(at);
    expect(planned.problems).toEqual([]);
    expect(planned.rounds[0]?.notes).toEqual([
      'The length of reference 1 is not known on this computer, so it is not checked here: the service checks that a reference video is 4 to 30 seconds long once the round is sent, and fails the round if not.',
    ]);
  });
});
