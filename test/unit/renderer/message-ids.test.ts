import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { en } from '../../../src-shared/i18n/catalogues/en.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
/** Where code asks for messages; the catalogues themselves are not a use. */
const CODE = ['src-renderer', 'src-shared', 'src-main'];
const CATALOGUES = path.join('src-shared', 'i18n', 'catalogues');
/** A file name that happens to start like a namespace (`mask.png`, `main.ts`) is no message id. */
const FILE_NAME = /\.(png|jpe?g|webp|tiff?|json|jsonl|css|html|mp4|txt|log|sqlite|ts|js)$/;

async function codeFiles(dir: string): Promise<string[]> {
  const entries = await readdir(path.join(root, dir), { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith(CATALOGUES));
}

/**
 * Every quoted string that reads as a message id: one of the catalogue's namespaces, a dot,
 * and more (`'jobs.summary'`, `id="demo.step.paste"`). Ids are always written whole, never
 * put together, so a search finds each use.
 */
async function usedIds(): Promise<Map<string, string[]>> {
  const namespaces = [...new Set(Object.keys(en).map((id) => id.split('.')[0]))].join('|');
  const quoted = new RegExp(`['"\`]((?:${namespaces})\\.[A-Za-z0-9.-]+)['"\`]`, 'g');
  const used = new Map<string, string[]>();
  for (const dir of CODE) {
    for (const file of await codeFiles(dir)) {
      const text = await readFile(path.join(root, file), 'utf8');
      for (const [, id = ''] of text.matchAll(quoted)) {
        if (!FILE_NAME.test(id)) used.set(id, [...(used.get(id) ?? []), file]);
      }
    }
  }
  return used;
}

describe('message ids in the code', () => {
  it('are all in the English catalogue', async () => {
    const missing = [...(await usedIds())].filter(([id]) => !Object.hasOwn(en, id));
    expect(missing, 'ids the code asks for that no catalogue has').toEqual([]);
  });

  it('cover the whole catalogue: no message is left that nothing shows', async () => {
    const used = await usedIds();
    expect(Object.keys(en).filter((id) => !used.has(id))).toEqual([]);
  });
});
