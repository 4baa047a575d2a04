import { z } from 'zod';
import { SPENDING_STATUSES } from '../domain/budget.ts';
import { MONTH_PATTERN } from '../domain/calendar-month.ts';
import { roundIdSchema } from './common.ts';

// The spending history as the account desk answers it and the shell writes it to CSV.

/** Which charges a spending history or its CSV covers: one project, one month, or all. */
export const spendingFilterSchema = z.strictObject({
  projectId: roundIdSchema.optional(),
  month: z.string().regex(MONTH_PATTERN, 'check.month').optional(),
});
export type SpendingFilter = z.infer<typeof spendingFilterSchema>;

/** Most charges one page of the spending history holds. */
export const SPENDING_PAGE_MAX = 500;

/** One attempt of a round the service may have billed (`status`: see `SPENDING_STATUSES`). */
export const spendingLineSchema = z.object({
  roundId: z.string(),
  /** Which attempt of the round; null for earlier attempts counted together before this was kept. */
  attempt: z.number().int().nullable(),
  /** When it was sent (ms), which sets the month it counts in. */
  at: z.number(),
  /** `YYYY-MM` in this computer's time zone. */
  month: z.string(),
  projectId: z.string(),
  project: z.string(),
  shot: z.number().int(),
  round: z.number().int(),
  /** Its project, shot or round was removed from the list; its money still counts. */
  removed: z.boolean(),
  /** The start of the prompt; empty when it is not known (a task added from the service). */
  prompt: z.string(),
  /** The length the service reported for a finished clip; null when it reported none. */
  seconds: z.number().nullable(),
  /** The price per second the charge was made at; null with `seconds`. */
  pricePerSecondUsd: z.number().nullable(),
  cents: z.number().int(),
  status: z.enum(SPENDING_STATUSES),
  demo: z.boolean(),
});
export type SpendingLine = z.infer<typeof spendingLineSchema>;

const spendingSumSchema = z.object({
  /** Over: charged, or estimated where the service never said. Never the simulator's. */
  spentCents: z.number().int(),
  /** Sent and not over yet, at their estimates. */
  inFlightCents: z.number().int(),
  /** What the simulator's rounds would have cost: not spending. */
  demoCents: z.number().int(),
  /** How many attempts, demo ones included. */
  count: z.number().int(),
});
export type SpendingSum = z.infer<typeof spendingSumSchema>;

export const spendingHistorySchema = z.object({
  /** The charges of the filter, newest first, one page. */
  lines: z.array(spendingLineSchema),
  /** The offset of the next page; null on the last. */
  next: z.number().int().nullable(),
  /** Everything the filter covers, on every page. */
  totals: spendingSumSchema,
  /** Each month with charges, newest first, for the filter's project (every month). */
  byMonth: z.array(spendingSumSchema.extend({ month: z.string() })),
  /** Each project with charges, for the filter's month (every project). */
  byProject: z.array(
    spendingSumSchema.extend({ projectId: z.string(), project: z.string(), removed: z.boolean() }),
  ),
});
export type SpendingHistory = z.infer<typeof spendingHistorySchema>;
