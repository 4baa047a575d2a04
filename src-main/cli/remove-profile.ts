import type { Settings } from '../../src-shared/domain/settings.ts';
import type { CollectedInputs } from '../core/media/collect-inputs.ts';
import { EstimateStore } from '../core/media/unblend/estimate-store.ts';
import { dataPaths, defaultUserDataDir } from '../core/paths.ts';
import { profileEstimates } from '../core/profiles/profile-clean.ts';
import type { Profile } from '../core/profiles/profile-file.ts';
import { ProfileStore } from '../core/profiles/profile-store.ts';
import { UserFacingError } from '../core/user-error.ts';
import { parseEngine, type Engine, type Measured } from './remove-engine.ts';
import type { SizedFile } from './remove-masks.ts';
import { words } from './words.ts';

/** The option of `remove` that cleans with a saved watermark profile. */
export const PROFILE_OPTIONS = { profile: { type: 'string' } } as const;

/** What is wrong with giving --profile with these options, if anything. */
function profileConflict(values: {
  profile?: string | undefined;
  'auto-mask'?: boolean | undefined;
  mask?: string | undefined;
  'mask-rect'?: string | undefined;
  engine?: string | undefined;
}): string | undefined {
  if (values.profile === undefined) return undefined;
  const clash =
    values['auto-mask'] === true ||
    values.mask !== undefined ||
    values['mask-rect'] !== undefined ||
    (values.engine !== undefined && values.engine !== 'local');
  return clash ? words('cli.profile.conflict') : undefined;
}

/**
 * Who cleans: with a profile this computer (its mark is measured already, so its images are
 * cleaned here, free), else what --engine says; or the sentence that says what is wrong.
 */
export function chooseEngine(
  values: Parameters<typeof profileConflict>[0],
  autoMask: boolean,
): { engine: Engine } | { problem: string } {
  const parsed = parseEngine(values.engine, autoMask || values.profile !== undefined);
  if ('problem' in parsed) return parsed;
  const clash = profileConflict(values);
  if (clash) return { problem: clash };
  return values.profile !== undefined ? { engine: 'local' } : parsed;
}

/** The profile `--profile` names: a saved one by name, else an exported file. */
function resolveProfile(nameOrFile: string, dataDir: string | undefined): Promise<Profile> {
  const paths = dataPaths(dataDir ?? defaultUserDataDir());
  return new ProfileStore(paths.profilesDir).resolve(nameOrFile);
}

/**
 * Each image's measurement under the profile, kept in the data folder's estimates; the
 * images its mark does not fit leave the batch with the reason, so nothing is sent for them.
 */
async function profileMeasurements(
  profile: Profile,
  images: readonly SizedFile[],
  collected: CollectedInputs,
  dataDir: string | undefined,
  say: (event: string, message: string, extra?: Record<string, unknown>) => void,
): Promise<{ measured: Map<string, Measured>; collected: CollectedInputs }> {
  const { summary } = profile;
  say(
    'profile',
    words('cli.profile.using', {
      name: summary.name,
      count: summary.images,
      size: `${summary.width}×${summary.height}`,
    }),
    { profile: summary.name },
  );
  const estimates = new EstimateStore(dataPaths(dataDir ?? defaultUserDataDir()).estimatesDir);
  const { measured, leftOut } = await profileEstimates(profile, images, estimates);
  return {
    measured: new Map([...measured].map(([file, estimate]) => [file, { estimate }])),
    collected: {
      ...collected,
      files: collected.files.filter((file) => measured.has(file)),
      skipped: [...collected.skipped, ...leftOut],
    },
  };
}

/**
 * `--profile`: the profile resolved and placed on each image, with the output format it
 * keeps; or the sentence that says why it cannot be used (missing, damaged, foreign).
 */
export async function useProfile(
  nameOrFile: string,
  dataDir: string | undefined,
  images: readonly SizedFile[],
  collected: CollectedInputs,
  say: (event: string, message: string, extra?: Record<string, unknown>) => void,
): Promise<
  | { problem: string }
  | {
      measured: Map<string, Measured>;
      collected: CollectedInputs;
      outputFormat: Settings['outputFormat'] | undefined;
    }
> {
  try {
    const profile = await resolveProfile(nameOrFile, dataDir);
    const placed = await profileMeasurements(profile, images, collected, dataDir, say);
    return { ...placed, outputFormat: profile.summary.outputFormat };
  } catch (error) {
    if (!(error instanceof UserFacingError)) throw error;
    return { problem: error.userMessage };
  }
}
