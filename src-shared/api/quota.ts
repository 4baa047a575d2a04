import { z } from 'zod';

/**
 * `get_quota` data. `limit`/`usage`/`remaining` are the provider's documented credit
 * figures; `balance_usd` and `currency` are the simulator's names for the video balance,
 * which the provider does not document (see docs/simulator.md).
 */
export const quotaDataSchema = z.looseObject({
  limit: z.number(),
  usage: z.number(),
  remaining: z.number(),
  balance_usd: z.number().optional(),
  currency: z.string().optional(),
});
export type QuotaData = z.infer<typeof quotaDataSchema>;
