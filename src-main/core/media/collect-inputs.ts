import { opendir, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { mapLimit } from '../app/map-limit.ts';
import { PROVENANCE_LOG } from './output.ts';
import { probeWhole } from './probe-file.ts';
import { sniffFile } from './sniff.ts';
import { said } from '../i18n/core-words.ts';
import { READABLE_IMAGE_TYPES } from '../../../src-shared/domain/image-types.ts';

/** Extensions worth reading; the bytes decide the real type later, this only skips the obvious. */
export const IMAGE_EXTENSIONS: ReadonlySet<string> = new Set(
  READABLE_IMAGE_TYPES.map((type) => `.${type.extension}`),
);

export interface CollectedInputs {
  files: string[];
  /** For each file found inside a dropped folder, that folder: its tree is mirrored. */
  roots: ReadonlyMap<string, string>;
  /** Every file that was not taken, each with the reason in words. */
  skipped: Array<{ path: string; reason: string }>;
}

/**
 * Whether a file is worth reading as an image, or why not. A name without an extension says
 * nothing, so its first bytes decide; the intake checks every taken file's bytes again.
 */
export async function whyNotTaken(file: string): Promise<string | undefined> {
  const extension = path.extname(file).toLowerCase();
  if (IMAGE_EXTENSIONS.has(extension)) return undefined;
  if (extension === '.svg' || extension === '.svgz') return said('core.inputs.svg');
  if (path.basename(file) === PROVENANCE_LOG) return said('core.inputs.provenanceLog');
  if (extension === '') {
    const type = await sniffFile(file);
    if (!type) return said('core.inputs.unreadable');
    return type === 'text' || type === 'unknown' ? said('core.inputs.noExtension') : undefined;
  }
  return said('core.inputs.notImage');
}

/** A file found by the walk, with the dropped folder it was found in, or one left out and why. */
export type Found = { file: string; root?: string } | { skipped: { path: string; reason: string } };

/**
 * One folder's entries, sorted as their full paths sort (a folder's name as if it ended in
 * the separator), so the walk gives a folder's files in the order a sorted list would.
 */
async function sortedEntries(
  dir: string,
): Promise<Array<{ name: string; kind: 'file' | 'dir' | 'other' }>> {
  const entries: Array<{ name: string; kind: 'file' | 'dir' | 'other'; key: string }> = [];
  for await (const entry of await opendir(dir)) {
    const kind = entry.isFile() ? 'file' : entry.isDirectory() ? 'dir' : 'other';
    entries.push({
      name: entry.name,
      kind,
      key: kind === 'dir' ? entry.name + path.sep : entry.name,
    });
  }
  return entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

async function* walkFolder(dir: string, root: string, recursive: boolean): AsyncGenerator<Found> {
  for (const entry of await sortedEntries(dir)) {
    const file = path.join(dir, entry.name);
    if (entry.kind === 'file') yield { file, root };
    else if (entry.kind === 'other') {
      yield { skipped: { path: file, reason: said('core.inputs.special') } };
    } else if (recursive) yield* walkFolder(file, root, recursive);
  }
}

/**
 * Every file in the dropped files and folders, one folder at a time and without repeats, as
 * it is found: a drop of ten thousand files is worked on while the walk goes on, and stopping
 * the loop that reads it stops the walk. Whether a file is an image is not decided here.
 */
export async function* walkInputs(
  targets: readonly string[],
  recursive: boolean,
): AsyncGenerator<Found> {
  const seen = new Set<string>();
  for (const target of targets) {
    const absolute = path.resolve(target);
    const info = await stat(absolute).catch(() => undefined);
    if (!info) {
      yield { skipped: { path: absolute, reason: said('core.inputs.missing') } };
    } else if (info.isFile()) {
      if (!seen.has(absolute)) yield { file: absolute };
      seen.add(absolute);
    } else if (info.isDirectory()) {
      for await (const found of walkFolder(absolute, absolute, recursive)) {
        if ('skipped' in found) yield found;
        else if (!seen.has(found.file)) {
          seen.add(found.file);
          yield found;
        }
      }
    } else {
      yield { skipped: { path: absolute, reason: said('core.inputs.neither') } };
    }
  }
}

/**
 * Turns dropped files and folders into image files, sorted and without repeats. Every file
 * left out, dropped by itself or found inside a folder, is listed with the reason: one
 * whose name says it is no image, and one whose pixels cannot all be read (each is decoded
 * in full, several at once), so a damaged file is named before anything is sent and the
 * others go on.
 */
export async function collectInputs(
  targets: readonly string[],
  recursive: boolean,
): Promise<CollectedInputs> {
  const candidates: Array<{ file: string; root?: string }> = [];
  const roots = new Map<string, string>();
  const skipped: CollectedInputs['skipped'] = [];
  for await (const found of walkInputs(targets, recursive)) {
    if ('skipped' in found) {
      skipped.push(found.skipped);
      continue;
    }
    const reason = await whyNotTaken(found.file);
    if (reason) skipped.push({ path: found.file, reason });
    else candidates.push(found);
  }
  const probes = await mapLimit(candidates, os.availableParallelism(), ({ file }) =>
    probeWhole(file).catch(() => ({ ok: false as const, reason: said('core.inputs.unreadable') })),
  );
  const files: string[] = [];
  for (const [i, { file, root }] of candidates.entries()) {
    const probe = probes[i];
    if (probe && !probe.ok) skipped.push({ path: file, reason: probe.reason });
    else {
      files.push(file);
      if (root !== undefined) roots.set(file, root);
    }
  }
  return { files: files.sort(), roots, skipped };
}
