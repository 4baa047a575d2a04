import { isInvokeChannel, type InvokeChannel } from '../../src-shared/ipc/channels.ts';
import {
  invokeContract,
  type InvokeRequest,
  type InvokeResponse,
} from '../../src-shared/ipc/contract.ts';
import { fail, ok, type IpcResult } from '../../src-shared/ipc/result.ts';
import { isAllowedNavigation } from './security.ts';

export type InvokeHandlers = {
  [C in InvokeChannel]: (
    request: InvokeRequest<C>,
  ) => Promise<InvokeResponse<C>> | InvokeResponse<C>;
};

export interface SenderInfo {
  /** URL of the frame that sent the message; undefined when the frame is gone. */
  frameUrl: string | undefined;
}

export type Dispatch = (
  sender: SenderInfo,
  channel: unknown,
  payload: unknown,
) => Promise<IpcResult<unknown>>;

/**
 * The one path every renderer request takes: the sender must be our own page, the channel
 * must be declared, and the payload must match the contract before any handler sees it.
 * Handler failures come back as values so the renderer can show them.
 */
export function createDispatch(handlers: InvokeHandlers, devServerUrl?: string): Dispatch {
  return async (sender, channel, payload) => {
    if (!sender.frameUrl || !isAllowedNavigation(sender.frameUrl, devServerUrl)) {
      return fail('untrusted-sender', 'This request did not come from the Clearframe window.');
    }
    if (!isInvokeChannel(channel)) {
      return fail('unknown-channel', `There is no channel named ${String(channel)}.`);
    }
    const spec = invokeContract[channel];
    const parsed = spec.request.safeParse(payload);
    if (!parsed.success) {
      return fail(
        'invalid-payload',
        `The request to ${channel} was malformed: ${parsed.error.issues[0]?.message ?? 'invalid'}.`,
      );
    }
    try {
      const handler = handlers[channel] as (request: unknown) => unknown;
      const value = await handler(parsed.data);
      return ok(spec.response.parse(value));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return fail('handler-failed', message);
    }
  };
}
