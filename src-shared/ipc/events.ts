import { z } from 'zod';
import { API_KEY_KINDS } from '../domain/api-keys.ts';
import { agentQuestionsSchema } from './agent.ts';
import { clipEvents } from './clips.ts';
import { noticeSchema } from './app.ts';
import { finderProgressSchema, stagedBatchSchema } from './staging.ts';
import { videoRoundViewSchema } from './video.ts';
import { watermarkJobViewSchema } from './watermark.ts';

/** Every event channel with the schema of its payload. */
export const eventContract = {
  'app:notice': noticeSchema,
  'app:mode': z.object({ demoMode: z.boolean(), demoServices: z.array(z.enum(API_KEY_KINDS)) }),
  /** Files were opened with Clearframe: the window takes them with `app:takeOpened`. */
  'app:opened': z.object({ count: z.number().int() }),
  'jobs:changed': z.object({ jobs: z.array(watermarkJobViewSchema) }),
  'video:changed': z.object({ rounds: z.array(videoRoundViewSchema) }),
  'media:staged': stagedBatchSchema,
  'media:finderProgress': finderProgressSchema,
  /** The agent door's paid calls past the allowance, waiting for the person's yes. */
  'agent:questions': agentQuestionsSchema,
  /** A watched folder took files, left one out, or stopped at its limit: the list asks again. */
  'watches:changed': z.object({ dir: z.string() }),
  ...clipEvents,
} as const satisfies Record<string, z.ZodType>;
