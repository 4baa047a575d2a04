import { z } from 'zod';
import { strokesSchema } from '../domain/strokes.ts';
import { roundIdSchema, type DomainContract } from './common.ts';
import { agentShellContract } from './agent.ts';
import { profilesShellContract } from './profiles.ts';
import { spendingFilterSchema } from './spending.ts';

/** Channels only the shell can answer (src-main/electron/shell-handlers.ts): the system browser, file manager, dialogs and updater. */
export const shellContract = {
  /**
   * The files and folders opened with Clearframe (Open with, a second launch, `clearframe
   * open`) since the window last asked; each is given once. `app:opened` says there are more.
   */
  'app:takeOpened': {
    request: z.undefined(),
    response: z.object({ paths: z.array(z.string()) }),
  },
  'mask:import': {
    /** Asks the user for a mask file for this staged image; null when they chose none. */
    request: z.strictObject({ token: z.string().min(1).max(64) }),
    response: z
      .object({
        maskToken: z.string(),
        fraction: z.number(),
        convention: z.enum(['service-colours', 'white-on-black']),
        resized: z.boolean(),
        warnings: z.array(z.string()),
        /** It marks every pixel: the window asks whether the whole image or nothing was meant. */
        everything: z.enum(['all-white', 'all-marked']).optional(),
      })
      .nullable(),
  },
  'mask:export': {
    /** Saves the mask these strokes make for this staged image where the user chooses. */
    request: z.strictObject({ token: z.string().min(1).max(64), strokes: strokesSchema }),
    response: z.object({ path: z.string().nullable() }),
  },
  'video:chooseImage': {
    /**
     * A picture on this computer as a reference image, chosen in the system's dialog and
     * checked against the service's rules; `image` is null when no file was chosen.
     */
    request: z.undefined(),
    response: z.object({
      image: z
        .object({
          url: z.string(),
          name: z.string(),
          width: z.number().int(),
          height: z.number().int(),
          bytes: z.number().int(),
        })
        .nullable(),
    }),
  },
  'video:exportProject': {
    /** Copies a project's takes (one a shot, as the film uses them), in order, into a folder the user chooses. */
    request: z.strictObject({ projectId: roundIdSchema }),
    response: z.object({
      folder: z.string().nullable(),
      count: z.number().int(),
      /** Shots left out: none of their rounds has a clip yet. */
      leftOut: z.array(z.number().int()),
    }),
  },
  'video:joinProject': {
    /**
     * Joins one take a shot, in shot order, into one MP4 in a folder the user chooses, without
     * re-encoding: the rounds given, or each shot's take as `filmTakes` picks it.
     */
    request: z.strictObject({
      projectId: roundIdSchema,
      roundIds: z.array(roundIdSchema).min(1).max(1000).optional(),
    }),
    /** `path` is null when no folder was chosen; `filmId` names the film for the preview. */
    response: z.object({ path: z.string().nullable(), filmId: z.string().nullable() }),
  },
  /** Writes the history of the filter as CSV into a folder the user chooses; never over a file. */
  'video:exportSpending': {
    request: spendingFilterSchema,
    /** `path` is null when no folder was chosen; `count` charges, `demo` demo rounds besides. */
    response: z.object({
      path: z.string().nullable(),
      count: z.number().int(),
      demo: z.number().int(),
    }),
  },
  'shell:openExternal': {
    request: z.strictObject({ url: z.string().max(2048) }),
    response: z.object({ opened: z.boolean() }),
  },
  'shell:reveal': {
    /** Shows a job's result or a round's clip in the file manager, or with `open`, in its default app. */
    request: z.strictObject({ jobId: z.string().min(1).max(64), open: z.boolean().optional() }),
    response: z.object({ revealed: z.boolean() }),
  },
  'shell:openLogsFolder': { request: z.undefined(), response: z.object({ opened: z.boolean() }) },
  'dialog:chooseFolder': {
    request: z.undefined(),
    response: z.object({ path: z.string().nullable() }),
  },
  'media:chooseFolders': {
    /** Asks the user for folders of images to stage, as if dropped; none when they chose none. */
    request: z.undefined(),
    response: z.object({ paths: z.array(z.string()) }),
  },
  'updates:check': {
    request: z.undefined(),
    response: z.object({
      status: z.enum(['disabled', 'up-to-date', 'available', 'failed']),
      message: z.string(),
    }),
  },
  ...profilesShellContract,
  ...agentShellContract,
} as const satisfies DomainContract;
