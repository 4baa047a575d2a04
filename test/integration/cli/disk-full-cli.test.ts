import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../../src-main/simulator/server.ts';
import { runCli } from '../../support/cli-process.ts';
import { makePhoto } from '../../support/images.ts';
import { mountSmallDisk } from '../../support/small-disk.ts';

const KEY = 'disk-full-cli-key';
const disk = mountSmallDisk('cli-disk', '1m');
if (disk.whyNot) console.log(`disk-full command-line test skipped: ${disk.whyNot}`);
let dir: string;
let sim: Simulator;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-cli-disk-'));
  sim = await startSimulator({ accounts: [{ key: KEY, credits: 100 }] });
});

afterAll(async () => {
  disk.unmount();
  await sim.stop();
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(disk.at === undefined)('the command line on a full disk', () => {
  it('says once that it waits, goes on when there is room, and ends with every result', async () => {
    const out = disk.at ?? '';
    const inputs = ['quay.png', 'pier.png'].map((name) => path.join(dir, name));
    for (const [i, input] of inputs.entries()) {
      await writeFile(input, await makePhoto(320, 240, 'png', i));
    }
    // Less room than one result needs.
    const filler = await disk.fill(4 * 1024);
    let freed: Promise<void> | undefined;
    const run = await runCli(
      ['remove', ...inputs, '--out', out, '--data-dir', path.join(dir, 'data')],
      {
        env: { CLEARFRAME_WATERMARK_KEY: KEY, CLEARFRAME_WATERMARK_BASE_URL: sim.watermarkBaseUrl },
        onStdout: (stdout) => {
          if (!freed && stdout.includes('waiting: ')) freed = rm(filler);
        },
      },
    );
    await freed;
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout.match(/waiting: /g)).toHaveLength(1);
    expect(run.stdout).toMatch(
      /waiting: The disk holding .* is full\. Free some space there.* Ctrl\+C stops here and keeps every job for the next run\.\n/,
    );
    expect(run.stdout).toContain('going on: there is room on the disk again.\n');
    expect(run.stdout).toContain('2 done, 0 failed.');
    expect((await readdir(out)).sort()).toEqual([
      'clearframe-provenance.jsonl',
      'pier-clean.png',
      'quay-clean.png',
    ]);
  });
});
