import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../support/cli-process.ts';
import { makeReadOnly } from '../../support/read-only-folder.ts';

let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'clearframe-startup-cli-'));
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('the command line on a broken data folder', () => {
  it('sets a damaged job database aside as the app does, says where, and goes on', async () => {
    const dataDir = path.join(root, 'damaged');
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, 'clearframe.sqlite'), 'not a database '.repeat(300));
    const run = await runCli(['jobs', '--data-dir', dataDir]);
    expect(run.stderr).toMatch(
      /The job database was damaged, so Clearframe started a new, empty queue\. The old one was kept as \S+clearframe\.sqlite\.damaged-\S+;/,
    );
    expect(run.stdout).toContain('images: none');
    expect(run.code).toBe(0);
    const aside = (await readdir(dataDir)).find((name) => name.includes('.damaged-'));
    expect(aside && existsSync(path.join(dataDir, aside))).toBe(true);
  });

  it('names a data folder it cannot write, and what to do, in one sentence', async () => {
    const dataDir = path.join(root, 'read-only');
    await mkdir(dataDir, { recursive: true });
    const restore = await makeReadOnly(dataDir);
    try {
      const run = await runCli(['video', 'run', '--demo', '--data-dir', dataDir]);
      expect(run.stderr).toContain(`Clearframe cannot write to its data folder ${dataDir}`);
      expect(run.stderr).toContain('Make the folder writable');
      expect(run.stderr).not.toMatch(/^\s+at /m);
      expect(run.code).toBe(1);
    } finally {
      restore();
    }
  });
});
