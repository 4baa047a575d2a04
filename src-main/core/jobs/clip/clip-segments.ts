import { createHash } from 'node:crypto';
import { appendFile, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { SEGMENT_SECONDS, type ClipResume } from '../../../../src-shared/domain/clip-jobs.ts';
import { writeFileAtomic } from '../../fs/atomic-write.ts';
import { asDiskFull } from '../../fs/disk-space.ts';
import { readStoredFile } from '../store/stored-json.ts';

/** The record of a clip's finished segments, beside them: what was kept and how to check it. */
const RECORD = 'segments.json';

const recordSchema = z.strictObject({
  version: z.literal(1),
  /** The segment length the segments were cut at (`SEGMENT_SECONDS` then). */
  seconds: z.number().positive(),
  /** The clip as it was: segments of a clip changed since are not used. */
  input: z.strictObject({ size: z.number().int(), modified: z.number() }),
  segments: z.array(
    z.strictObject({
      index: z.number().int().min(0),
      frames: z.number().int().min(1),
      size: z.number().int().min(1),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
    }),
  ),
});
type SegmentRecord = z.infer<typeof recordSchema>;

/** Why a record was not used: its text, or a segment it lists that is not as recorded. */
export type SegmentsDamage =
  { kind: 'record'; detail: string } | { kind: 'segment'; index: number };

const fileOf = (dir: string, index: number) =>
  path.join(dir, `${String(index).padStart(6, '0')}.seg`);
const partOf = (dir: string, index: number) => `${fileOf(dir, index)}.part`;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Whether each segment the record lists is there, whole, in order. */
async function damagedSegment(dir: string, record: SegmentRecord): Promise<number | undefined> {
  let last = -1;
  for (const segment of record.segments) {
    if (segment.index <= last) return segment.index;
    last = segment.index;
    const bytes = await readFile(fileOf(dir, segment.index)).catch(() => undefined);
    if (!bytes || bytes.length !== segment.size || sha256(bytes) !== segment.sha256)
      return segment.index;
  }
  return undefined;
}

/**
 * A clip's finished segments (issue #38), kept in the data folder, one folder per job: each
 * segment the window encodes arrives in pieces at a hidden `.part` name, is flushed to disk
 * and renamed, and only then is it added to the record (written whole, then renamed). A crash
 * at any moment leaves the record naming only whole segments. They live in the data folder,
 * not beside the result: the output folder may change between runs, and the user's folder
 * holds nothing of a clip until its file takes its name.
 */
export class ClipSegments {
  readonly dir: string;
  private record: SegmentRecord;

  private constructor(dir: string, record: SegmentRecord) {
    this.dir = dir;
    this.record = record;
  }

  /**
   * The segments a job kept for `input`, checked: a record that does not read, or that lists
   * a segment not as it was written, is reported as damage and every segment is removed, so
   * the clip is cleaned again from its first frame rather than joined into a broken file. A
   * record made for another version of the clip or another segment length is dropped too.
   */
  static async open(
    dir: string,
    input: string,
  ): Promise<{ segments: ClipSegments; damage?: SegmentsDamage }> {
    // A clip gone since: no segment of it is used, and the clean-up says it is gone.
    const { size, mtimeMs } = await stat(input).catch(() => ({ size: -1, mtimeMs: 0 }));
    const fresh: SegmentRecord = {
      version: 1,
      seconds: SEGMENT_SECONDS,
      input: { size, modified: mtimeMs },
      segments: [],
    };
    const read = await readStoredFile(recordSchema, path.join(dir, RECORD), fresh);
    let damage: SegmentsDamage | undefined;
    let record = fresh;
    if (!read.ok) damage = { kind: 'record', detail: read.problem.message };
    else {
      const kept = read.value;
      const same =
        kept.seconds === SEGMENT_SECONDS &&
        kept.input.size === size &&
        kept.input.modified === mtimeMs;
      const bad = same ? await damagedSegment(dir, kept) : undefined;
      if (bad !== undefined) damage = { kind: 'segment', index: bad };
      else if (same) record = kept;
    }
    if (record === fresh) await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    return { segments: new ClipSegments(dir, record), ...(damage ? { damage } : {}) };
  }

  /** Where the clean-up carries on: after the last finished segment, with its frames counted. */
  get resume(): ClipResume {
    const { segments } = this.record;
    const last = segments.at(-1);
    return {
      segment: last ? last.index + 1 : 0,
      frames: segments.reduce((sum, segment) => sum + segment.frames, 0),
    };
  }

  /** The finished segments' files, in order. */
  files(): string[] {
    return this.record.segments.map((segment) => fileOf(this.dir, segment.index));
  }

  /** A piece of segment `index` at its byte offset; pieces come in order. */
  async write(index: number, offset: number, bytes: Uint8Array): Promise<void> {
    if (index < this.resume.segment) throw new Error(`segment ${index} is already kept`);
    const part = partOf(this.dir, index);
    try {
      if (offset === 0) return await writeFile(part, bytes);
      const size = (await stat(part)).size;
      if (size !== offset) throw new Error(`piece at ${offset} does not follow ${size} bytes`);
      await appendFile(part, bytes);
    } catch (error) {
      throw asDiskFull(error, part) ?? error;
    }
  }

  /** Segment `index` is whole: flushed, given its name, and added to the record. */
  async finish(index: number, frames: number): Promise<void> {
    if (index < this.resume.segment) throw new Error(`segment ${index} is already kept`);
    const part = partOf(this.dir, index);
    const handle = await open(part, 'r+');
    let bytes: Buffer;
    try {
      bytes = await handle.readFile();
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (bytes.length === 0) throw new Error(`segment ${index} is empty`);
    await rename(part, fileOf(this.dir, index));
    const next: SegmentRecord = {
      ...this.record,
      segments: [
        ...this.record.segments,
        { index, frames, size: bytes.length, sha256: sha256(bytes) },
      ],
    };
    await writeFileAtomic(path.join(this.dir, RECORD), JSON.stringify(next));
    this.record = next;
  }
}

/** The folder a job's segments are kept in. */
export const segmentsDirOf = (root: string, jobId: string) => path.join(root, jobId);

/** Removes every segment a job kept, its hidden parts and its record. */
export async function removeSegments(root: string, jobId: string): Promise<void> {
  await rm(segmentsDirOf(root, jobId), { recursive: true, force: true });
}
