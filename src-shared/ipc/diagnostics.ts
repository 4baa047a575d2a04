import { z } from 'zod';
import type { DomainContract } from './common.ts';

/** The diagnostics desk: the report for support. */
export const diagnosticsContract = {
  'diagnostics:report': { request: z.undefined(), response: z.object({ text: z.string() }) },
} as const satisfies DomainContract;
