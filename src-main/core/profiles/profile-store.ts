import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  profileNameSchema,
  type ProfilePlacement,
  type ProfileSummary,
} from '../../../src-shared/domain/profile.ts';
import type { OUTPUT_FORMATS } from '../../../src-shared/domain/settings.ts';
import { writeFileAtomic } from '../fs/atomic-write.ts';
import { decodeEstimate } from '../media/unblend/estimate-file.ts';
import { UserFacingError } from '../user-error.ts';
import { decodeProfile, encodeProfile, NotAProfile, type Profile } from './profile-file.ts';
import { placementOf } from './placement.ts';

/** How an exported profile's file name ends. */
export const PROFILE_EXTENSION = '.clearframe-profile';

/** The profile in `file`, or the sentence that says it cannot be used and what to do. */
export async function readProfileFile(file: string): Promise<Profile> {
  const bytes = await readFile(file).catch(() => undefined);
  if (!bytes) throw new UserFacingError({ id: 'core.profiles.noFile', values: { file } });
  try {
    return decodeProfile(bytes);
  } catch (error) {
    if (!(error instanceof NotAProfile)) throw error;
    throw new UserFacingError(
      { id: 'core.profiles.unreadable', values: { file } },
      { cause: error },
    );
  }
}

/**
 * Watermark profiles kept in the data folder's `profiles` folder: a measured mark saved
 * under a name, so a later image with the same mark is cleaned on this computer without a
 * batch to measure it from. The window, the command line and the MCP server all go
 * through here: list, load, save, remove, export, import, and resolve (a name or a file).
 */
export class ProfileStore {
  private readonly dir: string;

  constructor(dir: string) {
    this.dir = dir;
  }

  /** A profile's file, named by its name's hash: any name is a safe file name. */
  private file(name: string): string {
    const key = profileNameSchema.parse(name).normalize('NFC').toLowerCase();
    return path.join(
      this.dir,
      `${createHash('sha256').update(key).digest('hex').slice(0, 32)}${PROFILE_EXTENSION}`,
    );
  }

  /** Every profile kept, by name; a damaged file among them is named, not hidden. */
  async list(): Promise<{ profiles: ProfileSummary[]; unreadable: string[] }> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const profiles: ProfileSummary[] = [];
    const unreadable: string[] = [];
    for (const name of names.filter((entry) => entry.endsWith(PROFILE_EXTENSION))) {
      const file = path.join(this.dir, name);
      try {
        profiles.push((await readProfileFile(file)).summary);
      } catch (error) {
        if (!(error instanceof UserFacingError)) throw error;
        unreadable.push(error.userMessage);
      }
    }
    profiles.sort((a, b) => a.name.localeCompare(b.name));
    return { profiles, unreadable };
  }

  async has(name: string): Promise<boolean> {
    return stat(this.file(name)).then(
      () => true,
      () => false,
    );
  }

  /** The profile kept under `name`, or the sentence that there is none. */
  async load(name: string): Promise<Profile> {
    if (!(await this.has(name)))
      throw new UserFacingError({ id: 'core.profiles.unknown', values: { name } });
    return readProfileFile(this.file(name));
  }

  /**
   * Keeps a measured mark (as the estimate store keeps it) under `name`. A name already
   * used is refused: a profile is replaced only by deleting it first.
   */
  async save(
    name: string,
    estimateBytes: Buffer,
    options: {
      placement?: ProfilePlacement;
      outputFormat?: (typeof OUTPUT_FORMATS)[number];
      createdAt?: number;
    } = {},
  ): Promise<ProfileSummary> {
    const estimate = decodeEstimate(estimateBytes);
    const summary: ProfileSummary = {
      name: profileNameSchema.parse(name),
      createdAt: options.createdAt ?? Date.now(),
      placement: options.placement ?? placementOf(estimate),
      width: estimate.width,
      height: estimate.height,
      images: estimate.images,
      engine: 'local',
      ...(options.outputFormat ? { outputFormat: options.outputFormat } : {}),
    };
    await this.write(summary, estimateBytes);
    return summary;
  }

  private async write(summary: ProfileSummary, estimateBytes: Buffer): Promise<void> {
    if (await this.has(summary.name)) {
      throw new UserFacingError({ id: 'core.profiles.exists', values: { name: summary.name } });
    }
    await mkdir(this.dir, { recursive: true });
    await writeFileAtomic(this.file(summary.name), encodeProfile(summary, estimateBytes));
  }

  async remove(name: string): Promise<void> {
    if (!(await this.has(name)))
      throw new UserFacingError({ id: 'core.profiles.unknown', values: { name } });
    await rm(this.file(name));
  }

  /** Writes the profile as one file where the person chose (the dialog asked about replacing). */
  async exportTo(name: string, file: string): Promise<void> {
    await this.load(name);
    await writeFileAtomic(file, await readFile(this.file(name)));
  }

  /**
   * Keeps the profile in `file` (checked whole first), under its own name or `name`; a
   * damaged or foreign file is refused with the sentence that says what to do.
   */
  async importFrom(file: string, name?: string): Promise<ProfileSummary> {
    const profile = await readProfileFile(file);
    const summary = {
      ...profile.summary,
      ...(name ? { name: profileNameSchema.parse(name) } : {}),
    };
    await this.write(summary, profile.estimateBytes);
    return summary;
  }

  /** `--profile NAME|FILE`: a kept profile by that name, else an exported profile's file. */
  async resolve(nameOrFile: string): Promise<Profile> {
    const named = profileNameSchema.safeParse(nameOrFile);
    if (named.success && (await this.has(named.data))) return this.load(named.data);
    const isFile = await stat(nameOrFile).then(
      (info) => info.isFile(),
      () => false,
    );
    if (isFile) return readProfileFile(path.resolve(nameOrFile));
    throw new UserFacingError({ id: 'core.profiles.unknown', values: { name: nameOrFile } });
  }
}
