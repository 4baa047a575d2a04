import { z } from 'zod';
import type { EventChannel, InvokeChannel } from './channels.ts';
import type { IpcResult } from './result.ts';

export const appInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  platform: z.string(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

export const noticeSchema = z.object({
  level: z.enum(['info', 'warning', 'error']),
  message: z.string(),
});

interface InvokeSpec {
  request: z.ZodType;
  response: z.ZodType;
}

/** Every invoke channel with the schema of what the renderer sends and what it gets back. */
export const invokeContract = {
  'app:info': { request: z.undefined(), response: appInfoSchema },
} as const satisfies Record<InvokeChannel, InvokeSpec>;

/** Every event channel with the schema of its payload. */
export const eventContract = {
  'app:notice': noticeSchema,
} as const satisfies Record<EventChannel, z.ZodType>;

export type InvokeRequest<C extends InvokeChannel> = z.input<(typeof invokeContract)[C]['request']>;
export type InvokeResponse<C extends InvokeChannel> = z.output<
  (typeof invokeContract)[C]['response']
>;
export type EventPayload<C extends EventChannel> = z.output<(typeof eventContract)[C]>;

/** The object the preload exposes as `window.clearframe`, derived from the contract. */
export type ClearframeApi = {
  invoke<C extends InvokeChannel>(
    channel: C,
    ...request: InvokeRequest<C> extends undefined ? [] : [InvokeRequest<C>]
  ): Promise<IpcResult<InvokeResponse<C>>>;
  on<C extends EventChannel>(channel: C, listener: (payload: EventPayload<C>) => void): () => void;
  pathForFile(file: unknown): string;
};
