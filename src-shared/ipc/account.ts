import { z } from 'zod';
import { BUDGET_PERIODS } from '../domain/budget.ts';
import { keyKindSchema, type DomainContract } from './common.ts';
import { spendingFilterSchema, spendingHistorySchema, SPENDING_PAGE_MAX } from './spending.ts';

/** What one service says is left, labelled by the host that said it. */
export const quotaFigureSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    kind: keyKindSchema,
    host: z.string(),
    credits: z.object({ remaining: z.number(), limit: z.number() }),
    balanceUsd: z.number().nullable(),
    /** The built-in simulator's figures: what demo mode would spend, not the account's. */
    demo: z.boolean(),
  }),
  z.object({ ok: z.literal(false), kind: keyKindSchema, host: z.string(), message: z.string() }),
]);
export type QuotaFigure = z.infer<typeof quotaFigureSchema>;

/** The account desk: what the services say is left, and what video has spent. */
export const accountContract = {
  /**
   * The spending history: every attempt the service may have billed, newest first, a page at a
   * time, with totals per month and per project. A project or month it does not know is an
   * error value saying so.
   */
  'video:spending': {
    request: spendingFilterSchema.extend({
      limit: z.number().int().min(1).max(SPENDING_PAGE_MAX),
      offset: z.number().int().min(0).optional(),
    }),
    response: spendingHistorySchema,
  },
  'account:quota': {
    request: z.undefined(),
    response: z.object({
      services: z.array(quotaFigureSchema),
      tier: z.string(),
      pricePerSecondUsd: z.number(),
      /** What the video rounds still queued would cost if they all ran. */
      queuedUsd: z.number(),
      /** What the images still queued would use, in credits (one each). */
      queuedCredits: z.number().int(),
      /**
       * Video spending as the budget cap counts it: every round the service may have billed
       * (its charge when known, else its estimate), never a round the simulator ran.
       */
      spending: z.object({
        spentUsd: z.number(),
        inFlightUsd: z.number(),
        capUsd: z.number().nullable(),
        /** What the cap counts; for a monthly cap the figures are this month's (`YYYY-MM`). */
        period: z.enum(BUDGET_PERIODS),
        month: z.string().nullable(),
      }),
    }),
  },
} as const satisfies DomainContract;
