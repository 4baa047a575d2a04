import { readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_SETTINGS,
  SETTINGS_VERSION,
  settingsSchema,
  type Settings,
} from '../../../src-shared/domain/settings.ts';
import { writeFileAtomic } from '../fs/atomic-write.ts';
import { UserFacingError } from '../user-error.ts';
import type { z } from 'zod';
import { issueWords } from '../../../src-shared/i18n/issue-words.ts';
import { coreIntl, said } from '../i18n/core-words.ts';

/** Field path (such as `concurrency.video`) to the sentence shown next to that field. */
export type FieldErrors = Record<string, string>;

export type UpdateResult = { ok: true; settings: Settings } | { ok: false; errors: FieldErrors };

/**
 * Upgrades a stored settings object one version at a time. Version 0 is the unversioned
 * file of the first builds, which called the template `outputTemplate`.
 */
const MIGRATIONS: Record<number, (old: Record<string, unknown>) => Record<string, unknown>> = {
  0: ({ outputTemplate, ...rest }) => ({
    ...rest,
    ...(outputTemplate === undefined ? {} : { filenameTemplate: outputTemplate }),
    version: 1,
  }),
};

export function migrate(stored: Record<string, unknown>): Record<string, unknown> {
  let current = stored;
  let version = typeof current['version'] === 'number' ? current['version'] : 0;
  if (version > SETTINGS_VERSION) {
    throw new UserFacingError({
      id: 'core.settings.newer',
      values: { version, known: SETTINGS_VERSION },
    });
  }
  while (version < SETTINGS_VERSION) {
    const step = MIGRATIONS[version];
    if (!step) throw new UserFacingError({ id: 'core.settings.noMigration', values: { version } });
    current = step(current);
    version = current['version'] as number;
  }
  return current;
}

function fieldErrors(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'settings';
    errors[field] ??= issueWords(coreIntl(), issue);
  }
  return errors;
}

/**
 * Settings in `settings.json` in the user data folder: validated on the way in and out,
 * written atomically, migrated from older versions. A file that cannot be read is kept
 * aside under a dated name and the defaults are used, with a message saying so.
 */
export class SettingsStore {
  private readonly file: string;
  private current: Settings = DEFAULT_SETTINGS;
  /** Said once after loading, when the stored file had to be set aside. */
  notice: string | undefined;
  /** Why saving is refused: an unreadable file that could not be moved aside would be overwritten. */
  private keptInPlace: string | undefined;

  constructor(file: string) {
    this.file = file;
  }

  get(): Settings {
    return this.current;
  }

  /**
   * The `language` setting as the file holds it, read without loading the rest: the command
   * line needs it before a command opens its settings, to word its first line. A file that
   * cannot be read gives "system"; `load` is what reports and sets such a file aside.
   */
  async storedLanguage(): Promise<Settings['language']> {
    try {
      const stored = migrate(
        JSON.parse(await readFile(this.file, 'utf8')) as Record<string, unknown>,
      );
      const parsed = settingsSchema.shape.language.safeParse(stored['language']);
      return parsed.success ? parsed.data : 'system';
    } catch {
      return 'system';
    }
  }

  async load(): Promise<Settings> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return this.setAside(error as Error);
      this.current = DEFAULT_SETTINGS;
      return this.current;
    }
    let settings: Settings;
    try {
      const parsed = settingsSchema.safeParse(migrate(JSON.parse(text) as Record<string, unknown>));
      if (!parsed.success)
        throw new Error(
          coreIntl().formatList(
            Object.entries(fieldErrors(parsed.error.issues)).map(([k, v]) => `${k}: ${v}`),
            { type: 'unit' },
          ),
        );
      settings = parsed.data;
    } catch (error) {
      return this.setAside(error as Error);
    }
    this.current = settings;
    // Rewriting an older version's file in today's shape can wait for a writable folder.
    if (text !== this.serialise(settings))
      await writeFileAtomic(this.file, this.serialise(settings), { mode: 0o600 }).catch(
        () => undefined,
      );
    return this.current;
  }

  /**
   * The defaults, with the unusable file moved aside under a dated name so a later save
   * cannot overwrite it. Where it cannot be moved (a read-only folder) it stays, and saving
   * is refused until it can be, for the same reason.
   */
  private async setAside(problem: Error): Promise<Settings> {
    this.current = DEFAULT_SETTINGS;
    const aside = `${this.file.replace(/\.json$/, '')}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
    try {
      await rename(this.file, aside);
      this.notice = said('core.settings.setAside', { why: problem.message, aside });
    } catch (error) {
      this.keptInPlace = said('core.settings.keptInPlace', {
        file: this.file,
        why: problem.message,
        whyNotMoved: (error as Error).message,
      });
      this.notice = said('core.settings.leftInPlace', { why: problem.message, file: this.file });
    }
    return this.current;
  }

  /** Applies a change when every field is valid; otherwise nothing is written. */
  async update(patch: Record<string, unknown>): Promise<UpdateResult> {
    const merged = mergeDeep(this.current, patch);
    const parsed = settingsSchema.safeParse({ ...merged, version: SETTINGS_VERSION });
    if (!parsed.success) return { ok: false, errors: fieldErrors(parsed.error.issues) };
    if (this.keptInPlace)
      throw new UserFacingError({
        id: 'core.settings.cannotSave',
        values: { why: this.keptInPlace },
      });
    try {
      await writeFileAtomic(this.file, this.serialise(parsed.data), { mode: 0o600 });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'EACCES' && code !== 'EPERM' && code !== 'EROFS') throw error;
      throw new UserFacingError(
        {
          id: 'core.settings.folderNotWritable',
          values: {
            folder: path.dirname(this.file),
            why: (error as Error).message,
          },
        },
        { cause: error },
      );
    }
    this.current = parsed.data;
    return { ok: true, settings: parsed.data };
  }

  private serialise(settings: Settings): string {
    return `${JSON.stringify(settings, null, 2)}\n`;
  }
}

function mergeDeep(
  base: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    const existing = out[key];
    out[key] =
      value &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      existing &&
      typeof existing === 'object'
        ? mergeDeep(existing as Record<string, unknown>, value as Record<string, unknown>)
        : value;
  }
  return out;
}
