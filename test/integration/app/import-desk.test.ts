import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VideoRoundView } from '../../../src-shared/ipc/contract.ts';
import type { AppCore } from '../../../src-main/core/app/app-core.ts';
import { startBareCore } from '../../support/test-core.ts';

let dir: string;
let core: AppCore;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-import-desk-'));
  // No video key: rounds go to demo mode's simulator, whose assets' lengths are known here.
  core = await startBareCore({ dataDir: path.join(dir, 'data'), name: 'import-desk' });
  await core.handlers['settings:update']({ outputFolder: path.join(dir, 'out') });
});

afterAll(async () => {
  await core.stop();
  await rm(dir, { recursive: true, force: true });
});

const AUTO_SHORT = {
  model: 'videomodel-2-5',
  content: [
    { type: 'text' as const, text: 'like @video1' },
    {
      type: 'video_url' as const,
      video_url: { url: 'asset://demo-video-2s' },
      role: 'reference_video',
    },
  ],
  duration: -1,
  ratio: 'adaptive',
  omni_reference_task_type: 'auto',
};

describe('the import channels of the app core', () => {
  it('show the plan, queue only what was shown, and announce the rounds', async () => {
    const { projectId } = await core.handlers['video:createProject']({ name: 'Quay' });
    const file = path.join(dir, 'rounds.csv');
    await writeFile(file, 'prompt,duration,shot\ngulls,5,Gulls\nboats,6,\n');
    const plan = await core.handlers['video:planImport']({ path: file, projectId });
    expect(plan).toMatchObject({
      name: 'rounds.csv',
      problems: [],
      totalCents: 110 + 132,
      rounds: [
        { label: 'Row 2', shot: 'Shot 2 "Gulls" (new)', cents: 110 },
        { label: 'Row 3', shot: 'Shot 1', cents: 132 },
      ],
    });

    // The file changed after it was looked at: what is queued must be what was shown.
    await writeFile(file, 'prompt,duration,shot\ngulls,5,Gulls\nboats,30,\n');
    await expect(
      core.handlers['video:importRounds']({ path: file, projectId, count: 2, totalCents: 242 }),
    ).rejects.toThrow(
      'rounds.csv no longer comes to what you saw (the file or the pricing tier changed): it now makes 2 rounds for 7.70 USD. Nothing was queued; look at it again before you queue it.',
    );
    const unchanged = await core.handlers['video:projects'](undefined);
    expect(unchanged.projects[0]?.shots.flatMap((shot) => shot.rounds)).toEqual([]);

    const heard: VideoRoundView[] = [];
    const stop = core.subscribe((channel, payload) => {
      if (channel === 'video:changed')
        heard.push(...(payload as { rounds: VideoRoundView[] }).rounds);
    });
    const { roundIds } = await core.handlers['video:importRounds']({
      path: file,
      projectId,
      count: 2,
      totalCents: 110 + 660,
    });
    stop();
    expect(heard.map((round) => round.id).slice(0, 2)).toEqual(roundIds);
    const { projects } = await core.handlers['video:projects'](undefined);
    expect(projects[0]?.shots.map((shot) => [shot.title, shot.rounds.length])).toEqual([
      ['', 1],
      ['Gulls', 1],
    ]);
  });

  it('refuse an auto round whose reference video is too short, as the command line does', async () => {
    const { shotId } = await core.handlers['video:createProject']({ name: 'Short' });
    await expect(
      core.handlers['video:queueRounds']({ rounds: [{ shotId, request: AUTO_SHORT }] }),
    ).rejects.toThrow(
      'This round cannot be sent as it is. Reference 1 is 2 s long, and an Auto round takes reference videos of 4 to 30 seconds: trim it, or choose another video. Nothing was charged.',
    );
  });
});
