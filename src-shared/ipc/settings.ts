import { z } from 'zod';
import { settingsSchema } from '../domain/settings.ts';
import { keyKindSchema, type DomainContract } from './common.ts';

export const keyStatusSchema = z.object({
  kind: keyKindSchema,
  set: z.boolean(),
  source: z.enum(['keychain', 'environment']).nullable(),
});

/** The settings desk: settings and keys. */
export const settingsContract = {
  'settings:get': { request: z.undefined(), response: settingsSchema },
  'settings:update': {
    request: z.record(z.string(), z.unknown()),
    response: z.discriminatedUnion('ok', [
      z.object({ ok: z.literal(true), settings: settingsSchema }),
      z.object({ ok: z.literal(false), errors: z.record(z.string(), z.string()) }),
    ]),
  },
  'keys:status': { request: z.undefined(), response: z.object({ keys: z.array(keyStatusSchema) }) },
  'keys:set': {
    request: z.strictObject({ kind: keyKindSchema, value: z.string().max(4096) }),
    response: z.object({
      status: keyStatusSchema,
      /** Whether the service accepted the key; the message says what it said. */
      test: z.object({ ok: z.boolean(), message: z.string() }),
    }),
  },
  'keys:clear': { request: z.strictObject({ kind: keyKindSchema }), response: keyStatusSchema },
} as const satisfies DomainContract;
