import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { claimFirstFree, recoverClaims } from '../../../src-main/core/fs/claim-name.ts';
import { outputDirFor, writeOutput } from '../../../src-main/core/media/output.ts';
import { readHeader } from '../../../src-main/core/media/decode.ts';
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings.ts';
import { makePhoto } from '../../support/images.ts';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'clearframe-claims-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function twentyOfOneName(): Promise<string[]> {
  return Promise.all(
    Array.from({ length: 20 }, async (_, i) => {
      const folder = path.join(dir, 'in', `sub-${i}`);
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, 'img.png');
      await writeFile(file, await makePhoto(24, 16, 'png', i));
      return file;
    }),
  );
}

describe('output names', () => {
  it('gives twenty results of one name, written at once into one folder, twenty names', async () => {
    const out = path.join(dir, 'out');
    const inputs = await twentyOfOneName();
    const settings = { ...DEFAULT_SETTINGS, outputFolder: out, folderLayout: 'flatten' as const };
    const outcomes = await Promise.all(
      inputs.map(async (input, n) =>
        writeOutput({ input, result: await readFile(input), settings, n, owner: `job-${n}` }),
      ),
    );
    const written = outcomes.map((outcome) => ('written' in outcome ? outcome.written : ''));
    expect(new Set(written).size).toBe(20);
    const files = (await readdir(out)).filter((name) => name.endsWith('.png'));
    expect(files).toHaveLength(20);
    // Each name holds the result it was reported for, and nothing hidden is left behind.
    const bodies = await Promise.all(files.map((name) => readFile(path.join(out, name))));
    expect(new Set(bodies.map((body) => body.toString('base64'))).size).toBe(20);
    expect((await readdir(out)).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('mirrors the dropped folder under the output folder, unless told to flatten it', () => {
    const root = path.join(dir, 'in');
    const input = path.join(root, 'a', 'b', 'img.png');
    const out = path.join(dir, 'out');
    expect(outputDirFor(input, { outputFolder: out }, root)).toBe(path.join(out, 'a', 'b'));
    expect(outputDirFor(input, { outputFolder: out, folderLayout: 'flatten' }, root)).toBe(out);
    expect(outputDirFor(input, { outputFolder: null }, root)).toBe(
      path.join(root, 'a', 'b', 'clearframe'),
    );
    // A root that does not hold the input never leads outside the output folder.
    expect(outputDirFor(input, { outputFolder: out }, path.join(dir, 'elsewhere'))).toBe(out);
  });

  it('after a crash, knows a result it had linked into place and removes a placeholder it left', async () => {
    const out = path.join(dir, 'out');
    await mkdir(out);
    const temp = path.join(out, '.img-clean.png.job-1-abcd.tmp');
    await writeFile(temp, 'the whole result');
    const claimed = await claimFirstFree(temp, [path.join(out, 'img-clean.png')], 'job-1');
    expect(claimed).toBe(path.join(out, 'img-clean.png'));
    // The crash came before the temporary twin was let go.
    expect(await recoverClaims(out, 'job-1')).toBe(claimed);
    expect(await recoverClaims(out, 'job-2')).toBeUndefined();

    await rm(temp);
    await writeFile(path.join(out, 'other-clean.png'), 'clearframe-claim:job-3');
    await writeFile(path.join(out, '.other-clean.png.job-3-abcd.tmp'), 'half');
    expect(await recoverClaims(out, 'job-3')).toBeUndefined();
    expect((await readdir(out)).sort()).toEqual([
      '.other-clean.png.job-3-abcd.tmp',
      'img-clean.png',
    ]);
  });

  it('never takes a name someone holds, even one made a moment before', async () => {
    const out = path.join(dir, 'out');
    await mkdir(out);
    await writeFile(path.join(out, 'a.png'), 'the user’s');
    const temp = path.join(out, '.a.png.job-9-0000.tmp');
    await writeFile(temp, 'ours');
    await writeFile(path.join(out, 'a-1.png'), 'another writer’s');
    const claimed = await claimFirstFree(
      temp,
      ['a.png', 'a-1.png', 'a-2.png'].map((name) => path.join(out, name)),
      'job-9',
    );
    expect(claimed).toBe(path.join(out, 'a-2.png'));
    expect(await readFile(path.join(out, 'a.png'), 'utf8')).toBe('the user’s');
    expect(await readFile(path.join(out, 'a-1.png'), 'utf8')).toBe('another writer’s');
    expect(await readFile(path.join(out, 'a-2.png'), 'utf8')).toBe('ours');
  });

  it("names a result by the bytes written, for the service's result and for one made on this computer", async () => {
    const out = path.join(dir, 'out');
    const settings = { ...DEFAULT_SETTINGS, outputFolder: out };
    const png = await makePhoto(24, 16, 'png', 1);
    const jpeg = await makePhoto(24, 16, 'jpeg', 2);
    const inputs = {
      // A PNG named as a JPEG: its result is a PNG and says so.
      'screenshot.jpg': png,
      'IMG_0001.JPEG': jpeg,
      'no-extension': png,
    };
    for (const [name, bytes] of Object.entries(inputs))
      await writeFile(path.join(dir, name), bytes);
    const written = async (name: string, result: Buffer | { patches: [] }, template?: string) => {
      const outcome = await writeOutput({
        input: path.join(dir, name),
        result,
        settings: template ? { ...settings, filenameTemplate: template } : settings,
        n: 1,
      });
      if (!('written' in outcome)) throw new Error(`${name} was not written`);
      return {
        name: path.basename(outcome.written),
        format: (await readHeader(outcome.written)).format,
      };
    };

    expect(await written('screenshot.jpg', png)).toEqual({
      name: 'screenshot-clean.png',
      format: 'png',
    });
    expect(await written('screenshot.jpg', { patches: [] })).toEqual({
      name: 'screenshot-clean-1.png',
      format: 'png',
    });
    expect(await written('IMG_0001.JPEG', jpeg)).toEqual({
      name: 'IMG_0001-clean.JPEG',
      format: 'jpeg',
    });
    expect(await written('no-extension', png)).toEqual({
      name: 'no-extension-clean.png',
      format: 'png',
    });
    // A template that names an extension itself is corrected, one without any is given one.
    expect(await written('screenshot.jpg', png, '{name}-fixed.jpg')).toEqual({
      name: 'screenshot-fixed.png',
      format: 'png',
    });
    expect(await written('IMG_0001.JPEG', jpeg, '{name}_{n}')).toEqual({
      name: 'IMG_0001_1.JPEG',
      format: 'jpeg',
    });
  });
});
