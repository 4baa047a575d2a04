import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomic } from '../fs/atomic-write.ts';
import { readStoredFile } from '../jobs/store/stored-json.ts';
import { UserFacingError } from '../user-error.ts';

/** The file in the data folder that keeps the watched folders, so a watch survives a restart. */
export const WATCH_LIST_FILE = 'watched-folders.json';

const watchSchema = z.strictObject({
  /** The watched folder, absolute. */
  dir: z.string().min(1),
  recursive: z.boolean(),
  /** A saved profile's name or an exported profile's file, as `--profile` takes it. */
  profile: z.string().min(1),
  /** `local`: free, on this computer; `service`: paid, within `creditsPerDay`. */
  engine: z.enum(['local', 'service']),
  /** What paid watching may commit per calendar day; never spent on a default (0). */
  creditsPerDay: z.number().int().min(0).default(0),
  paused: z.boolean().default(false),
  /** Credits committed per calendar day (YYYY-MM-DD): counted before anything is sent. */
  spent: z.record(z.string(), z.number().int().min(0)).default({}),
});
export type Watch = z.output<typeof watchSchema>;
export type NewWatch = Pick<Watch, 'dir' | 'recursive' | 'profile' | 'engine'> &
  Partial<Pick<Watch, 'creditsPerDay'>>;

const listSchema = z.strictObject({ version: z.literal(1), watches: z.array(watchSchema) });

/**
 * The watched folders, kept in the data folder as one JSON file checked by zod like every
 * stored value. Which files were cleaned is not kept here: the job store is the one owner
 * of that, so a watch resumed after a restart asks it.
 */
export class WatchList {
  readonly file: string;

  constructor(dataDir: string) {
    this.file = path.join(dataDir, WATCH_LIST_FILE);
  }

  async all(): Promise<Watch[]> {
    const read = await readStoredFile(listSchema, this.file, { version: 1, watches: [] });
    if (!read.ok)
      throw new UserFacingError({ id: 'core.watch.listDamaged', values: { file: this.file } });
    return read.value.watches;
  }

  private async write(watches: Watch[]): Promise<void> {
    await writeFileAtomic(this.file, `${JSON.stringify({ version: 1, watches }, null, 2)}\n`);
  }

  /** Adds a watch, or changes the one on the same folder (what it spent stays). */
  async put(watch: NewWatch): Promise<Watch> {
    const watches = await this.all();
    const dir = path.resolve(watch.dir);
    const earlier = watches.find((entry) => entry.dir === dir);
    const next = watchSchema.parse({ ...earlier, ...watch, dir, paused: false });
    await this.write([...watches.filter((entry) => entry.dir !== dir), next]);
    return next;
  }

  /** Takes a folder off the list; false when it was not on it. */
  async remove(dir: string): Promise<boolean> {
    const watches = await this.all();
    const kept = watches.filter((entry) => entry.dir !== path.resolve(dir));
    if (kept.length === watches.length) return false;
    await this.write(kept);
    return true;
  }

  async setPaused(dir: string, paused: boolean): Promise<void> {
    const watches = await this.all();
    await this.write(watches.map((entry) => (entry.dir === dir ? { ...entry, paused } : entry)));
  }

  /**
   * Commits `credits` of the folder's day when they fit its limit, before anything is sent;
   * false (nothing committed) when they would pass it.
   */
  async reserve(dir: string, day: string, credits: number): Promise<boolean> {
    const watches = await this.all();
    const watch = watches.find((entry) => entry.dir === dir);
    if (!watch) return false;
    const spent = watch.spent[day] ?? 0;
    if (spent + credits > watch.creditsPerDay) return false;
    watch.spent = { [day]: spent + credits };
    await this.write(watches);
    return true;
  }
}
