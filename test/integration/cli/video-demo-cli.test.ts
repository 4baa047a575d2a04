import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROUND_SECONDS } from '../../../src-shared/domain/limits.ts';
import { EMPTY_DRAFT } from '../../../src-renderer/video/presets.ts';
import { runCli } from '../../support/cli-process.ts';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-video-demo-cli-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('clearframe video run --demo', () => {
  it('says the simulator made the clip: no charge in the summary or the status, demo in the sidecar', async () => {
    const data = path.join(dir, 'data');
    const out = path.join(dir, 'out');
    const env = { CLEARFRAME_VIDEO_KEY: '' };
    const made = await runCli(['video', 'new', 'Pier', '--json', '--data-dir', data], { env });
    const { projectId } = JSON.parse(made.stdout) as { projectId: string };
    const added = await runCli(
      [
        'video',
        'add-round',
        projectId,
        '--prompt',
        'waves on the pier',
        '--duration',
        '4',
        '--data-dir',
        data,
      ],
      { env },
    );
    expect(added.code).toBe(0);
    const run = await runCli(['video', 'run', '--demo', '--out', out, '--data-dir', data], { env });
    expect(run.stdout).toContain(
      '1 of 1 rounds done; they would cost 0.88 USD, but the built-in simulator made them and nothing was charged.',
    );
    const status = await runCli(['video', 'status', projectId, '--data-dir', data], { env });
    expect(status.stdout).toMatch(/round 1 done\s+would cost 0\.88 USD \(demo, not charged\)/);
    const folder = path.join(out, 'Pier');
    const sidecar = (await readdir(folder)).find((name) => name.endsWith('.json'));
    const written = JSON.parse(await readFile(path.join(folder, sidecar ?? ''), 'utf8')) as {
      demo: boolean;
    };
    expect(written.demo).toBe(true);
  }, 90_000);

  it('gives a round without --duration the same length as the window does', async () => {
    const data = path.join(dir, 'data-default-length');
    const env = { CLEARFRAME_VIDEO_KEY: '' };
    const made = await runCli(['video', 'new', 'Dunes', '--json', '--data-dir', data], { env });
    const { projectId } = JSON.parse(made.stdout) as { projectId: string };
    const added = await runCli(
      ['video', 'add-round', projectId, '--prompt', 'wind over dunes', '--data-dir', data],
      { env },
    );
    expect(added.code).toBe(0);
    expect(added.stdout).toContain(`(${DEFAULT_ROUND_SECONDS} s at `);
    expect(EMPTY_DRAFT.duration).toBe(DEFAULT_ROUND_SECONDS);
  }, 60_000);
});
