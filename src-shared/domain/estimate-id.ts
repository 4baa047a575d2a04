import { z } from 'zod';

/**
 * Names a measurement of a watermark kept in the data folder (see the local engine): hex
 * digits only, so a name from the window or a job's record can never reach outside it.
 */
export const estimateIdSchema = z.string().regex(/^[0-9a-f]{32}$/, 'ipc.problem.findAgain');
