import { z } from 'zod';
import { estimateIdSchema } from '../domain/estimate-id.ts';
import { profileNameSchema, profileSummarySchema } from '../domain/profile.ts';
import { MAX_ITEMS_PER_REQUEST, skippedSchema, type DomainContract } from './common.ts';

/**
 * Watermark profiles (a measured mark kept under a name), answered by the profiles desk:
 * list, save from a finished find, delete, and use on staged images (each gets the profile's
 * measurement, to be cleaned on this computer by Start). Export and import go through the
 * system's file dialogs, so the shell answers them (`profilesShellContract`).
 */
export const profilesContract = {
  'profiles:list': {
    request: z.undefined(),
    /** `unreadable`: a sentence for each damaged file in the profiles folder. */
    response: z.object({
      profiles: z.array(profileSummarySchema),
      unreadable: z.array(z.string()),
    }),
  },
  'profiles:save': {
    /** The measurement "Find the watermark" made for a group (`estimateId`). */
    request: z.strictObject({ name: profileNameSchema, estimateId: estimateIdSchema }),
    response: z.object({ profile: profileSummarySchema }),
  },
  'profiles:delete': {
    request: z.strictObject({ name: profileNameSchema }),
    response: z.object({ deleted: z.literal(true) }),
  },
  'profiles:use': {
    request: z.strictObject({
      name: profileNameSchema,
      tokens: z.array(z.string().min(1).max(64)).min(1).max(MAX_ITEMS_PER_REQUEST),
    }),
    /** The measurement for each staged image it fits, by token; the others with the reason. */
    response: z.object({
      local: z.record(z.string(), estimateIdSchema),
      leftOut: z.array(skippedSchema),
    }),
  },
} as const satisfies DomainContract;

/** The profile channels that open a system dialog, answered by the shell. */
export const profilesShellContract = {
  'profiles:export': {
    request: z.strictObject({ name: profileNameSchema }),
    /** Where it was written; null when the dialog was canceled. */
    response: z.object({ path: z.string().nullable() }),
  },
  'profiles:import': {
    request: z.undefined(),
    /** The profile kept; null when the dialog was canceled. */
    response: z.object({ profile: profileSummarySchema.nullable() }),
  },
} as const satisfies DomainContract;
