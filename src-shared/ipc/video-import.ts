import { z } from 'zod';
import { roundIdSchema, type DomainContract } from './common.ts';

/** What importing a file of rounds would queue, or why it would queue nothing. */
export const importPlanSchema = z.object({
  /** The file's name, as the messages call it. */
  name: z.string(),
  rounds: z.array(
    z.object({
      /** "Row 4", or "Round 2 (line 9)" in a JSON file. */
      label: z.string(),
      /** The shot it goes to: `Shot 3 "Dock" (new)`. */
      shot: z.string(),
      kind: z.string(),
      prompt: z.string(),
      seconds: z.number(),
      cents: z.number().int(),
      /** The model picks the length: `cents` is the most it can cost. */
      upperBound: z.boolean(),
      /** What could not be checked here. */
      notes: z.array(z.string()),
    }),
  ),
  /** Every rule a row breaks, in the round editor's words; any at all: nothing is queued. */
  problems: z.array(z.object({ label: z.string(), message: z.string() })),
  totalCents: z.number().int(),
  upperBound: z.boolean(),
});
export type ImportPlanView = z.infer<typeof importPlanSchema>;

const importFileSchema = z.string().trim().min(1, 'ipc.problem.chooseImportFile').max(4096);

/** The import desk: rounds read from a CSV or JSON file, planned before they are paid. */
export const importContract = {
  /** Reads a CSV or JSON file of rounds and checks every row; nothing is queued or paid. */
  'video:planImport': {
    request: z.strictObject({ path: importFileSchema, projectId: roundIdSchema }),
    response: importPlanSchema,
  },
  /**
   * Queues the rounds of a file, all or none, once the user has seen what they cost: the
   * file is read again, and a file that no longer makes `count` rounds for `totalCents` is
   * refused, so nothing is paid that was not shown.
   */
  'video:importRounds': {
    request: z.strictObject({
      path: importFileSchema,
      projectId: roundIdSchema,
      count: z.number().int().min(1),
      totalCents: z.number().int().min(0),
    }),
    response: z.object({ roundIds: z.array(z.string()) }),
  },
} as const satisfies DomainContract;
