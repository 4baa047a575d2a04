import { z } from 'zod';
import { CORNERS } from './mask-anchor.ts';
import { OUTPUT_FORMATS } from './settings.ts';

/**
 * How a profile's mark lands on an image of another size than the one it was measured on:
 * kept at the same distance from one corner (a mark stamped at a fixed size near a corner),
 * or only on images of the measured size (a centred mark, or one that grows with the photo).
 */
export const PROFILE_PLACEMENTS = [...CORNERS, 'same-size'] as const;
export type ProfilePlacement = (typeof PROFILE_PLACEMENTS)[number];

/** A profile's name as a person types it: shown in lists and given to `--profile`. */
export const profileNameSchema = z
  .string()
  .trim()
  .min(1, 'ipc.problem.profileName')
  .max(80, 'ipc.problem.profileName')
  .regex(/^[^\\/:*?"<>|]+$/, 'ipc.problem.profileName')
  // Control characters (a pasted tab or line break) are no part of a name.
  .refine((name) => [...name].every((c) => c >= ' '), 'ipc.problem.profileName');

/** What a profile says about itself, without its measured mark: a list's line. */
export const profileSummarySchema = z.object({
  name: z.string(),
  /** When it was saved (ms). */
  createdAt: z.number(),
  placement: z.enum(PROFILE_PLACEMENTS),
  /** The size of the images the mark was measured on. */
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  /** How many images the mark was measured from. */
  images: z.number().int().nonnegative(),
  /** Who cleans with it: this computer, free (the only engine a measured mark needs). */
  engine: z.literal('local'),
  /** The output format its results are written in; absent: the settings'. */
  outputFormat: z.enum(OUTPUT_FORMATS).optional(),
});
export type ProfileSummary = z.infer<typeof profileSummarySchema>;
