import { z } from 'zod';
import type { ProfileSummary } from '../../src-shared/domain/profile.ts';
import { dataPaths } from '../core/paths.ts';
import { ProfileStore } from '../core/profiles/profile-store.ts';

/** The `profile` argument of find_mark and clean: a saved mark, by name or exported file. */
export const profileArg = {
  profile: z
    .string()
    .min(1)
    .optional()
    .describe(
      'A saved watermark profile, by name or an exported .clearframe-profile file: its mark is measured already, so even one image is cleaned on this computer, free.',
    ),
};

/**
 * The profile a call names, resolved as `--profile` resolves it (a kept name, else a file),
 * so a missing or damaged one is refused with its sentence before any command runs; the
 * command, in the same folder and data folder, resolves it the same way.
 */
export async function resolveProfileArg(
  dataDir: string,
  nameOrFile: string,
): Promise<{ summary: ProfileSummary; flag: string[] }> {
  const { summary } = await new ProfileStore(dataPaths(dataDir).profilesDir).resolve(nameOrFile);
  return { summary, flag: ['--profile', nameOrFile] };
}
