import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli-process.ts';

let dir: string;
// No video key: `--demo` runs the rounds on the built-in simulator over loopback.
const env = { CLEARFRAME_VIDEO_KEY: '' };

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-video-import-cli-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function csv(name: string, rows: readonly string[]): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, ['prompt,kind,references,duration,ratio,shot', ...rows].join('\n'));
  return file;
}

async function status(
  data: string,
): Promise<{ projects: { shots: { rounds: { state: string }[] }[] }[] }> {
  const run = await runCli(['video', 'status', '--json', '--data-dir', data], { env });
  return JSON.parse(run.stdout) as { projects: { shots: { rounds: { state: string }[] }[] }[] };
}

describe('clearframe video import', () => {
  it('shows the rounds and the total, asks, then queues them and they are made', async () => {
    const data = path.join(dir, 'data');
    const file = await csv('rounds.csv', [
      'gulls over the harbour,text,,4,,Harbour',
      'the harbour at night,text,,5,9:16,Harbour',
      'restyle @video1 to @audio1,auto,video=asset://demo-video-8s | audio=asset://demo-audio-6s,,,',
    ]);
    const asked = await runCli(
      ['video', 'import', file, '--new', 'Pier', '--demo', '--data-dir', data],
      {
        env,
      },
    );
    expect(asked.code).toBe(2);
    expect(asked.stdout).toContain(
      'Row 2: Shot 1 "Harbour" (new), Text to video, about 0.88 USD: gulls over the harbour',
    );
    expect(asked.stdout).toContain('Row 4: Shot 2 (new), Auto (omni reference), up to 6.60 USD');
    expect(asked.stdout).toContain('3 rounds, up to 8.58 USD.');
    expect(asked.stderr).toContain(
      'nothing was queued. Standard input is not a terminal, so Clearframe cannot ask: add --yes',
    );
    expect((await status(data)).projects).toEqual([]);

    const queued = await runCli(
      ['video', 'import', file, '--new', 'Pier', '--demo', '--yes', '--json', '--data-dir', data],
      { env },
    );
    expect(queued.code).toBe(0);
    const [plan, result] = queued.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(plan).toMatchObject({ totalCents: 858, upperBound: true, problems: [] });
    expect(result).toMatchObject({
      roundIds: [expect.any(String), expect.any(String), expect.any(String)],
    });

    const run = await runCli(
      ['video', 'run', '--demo', '--out', path.join(dir, 'out'), '--data-dir', data],
      {
        env,
      },
    );
    expect(run.stdout).toContain('3 of 3 rounds done');
    const after = await status(data);
    expect(after.projects[0]?.shots.map((shot) => shot.rounds.map((round) => round.state))).toEqual(
      [['done', 'done'], ['done']],
    );
  }, 120_000);

  it('queues nothing from a file with one broken row, and names the row and the rule', async () => {
    const data = path.join(dir, 'data-broken');
    const made = await runCli(['video', 'new', 'Dock', '--json', '--data-dir', data], { env });
    const { projectId } = JSON.parse(made.stdout) as { projectId: string };
    const file = await csv('broken.csv', [
      'a quiet dock,text,,5,,',
      'too long a shot,text,,45,,',
      'a short @video1,auto,video=asset://demo-video-2s,,,',
      'another,text,,6,,',
    ]);
    const run = await runCli(
      ['video', 'import', file, '--project', projectId, '--demo', '--yes', '--data-dir', data],
      {
        env,
      },
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      'Nothing was queued from broken.csv: 2 rounds break a rule. Row 3: Make the duration 4 to 30 seconds: Video model 2.5 does not make a 45-second clip. Row 4: Reference 1 is 2 s long, and an Auto round takes reference videos of 4 to 30 seconds: trim it, or choose another video.',
    );
    const after = await status(data);
    expect(after.projects[0]?.shots.flatMap((shot) => shot.rounds)).toEqual([]);
  }, 60_000);

  it('says where the rounds go, and how to use it', async () => {
    const data = path.join(dir, 'data-usage');
    const file = await csv('one.csv', ['gulls,text,,5,,']);
    const neither = await runCli(['video', 'import', file, '--data-dir', data], { env });
    expect(neither.code).toBe(2);
    expect(neither.stderr).toContain('say where the rounds go: --project <id> or --new <name>.');
    const missing = await runCli(
      ['video', 'import', path.join(dir, 'nope.csv'), '--new', 'X', '--data-dir', data],
      {
        env,
      },
    );
    expect(missing.stderr).toContain('Clearframe cannot read nope.csv: there is no such file.');
    const help = await runCli(['video', 'import', '--help'], { env });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('video import queues a batch of rounds from a CSV file');
  }, 60_000);
});
