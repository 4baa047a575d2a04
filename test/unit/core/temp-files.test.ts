import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sweepOwnedTemps, tempPathFor } from '../../../src-main/core/fs/temp-files.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-temps-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('temporary files a job owns', () => {
  it('are hidden beside the target and carry the owner', () => {
    const temp = tempPathFor(path.join(dir, 'shot-1-round-2.mp4'), 'part', 'round-7');
    expect(path.dirname(temp)).toBe(dir);
    expect(path.basename(temp)).toMatch(/^\.shot-1-round-2\.mp4\.round-7-[0-9a-f]{8}\.part$/);
  });

  it("are swept for their owner only, leaving results and other jobs' writes in flight", async () => {
    const mine = [
      tempPathFor(path.join(dir, 'a-clean.png'), 'tmp', 'job-1'),
      tempPathFor(path.join(dir, 'clip.mp4'), 'part', 'job-1'),
    ];
    const theirs = tempPathFor(path.join(dir, 'b-clean.png'), 'tmp', 'job-2');
    const unowned = tempPathFor(path.join(dir, 'settings.json'), 'tmp');
    for (const file of [...mine, theirs, unowned, path.join(dir, 'a-clean.png')]) {
      await writeFile(file, 'x');
    }
    expect(await sweepOwnedTemps(dir, 'job-1')).toBe(2);
    expect((await readdir(dir)).sort()).toEqual(
      ['a-clean.png', path.basename(theirs), path.basename(unowned)].sort(),
    );
    expect(await sweepOwnedTemps(path.join(dir, 'missing'), 'job-1')).toBe(0);
  });
});
