import { isInvokeChannel } from '../../src-shared/ipc/channels.ts';
import { invokeContract, type InvokeHandlers } from '../../src-shared/ipc/contract.ts';
import { fail, ok, type IpcResult } from '../../src-shared/ipc/result.ts';
import { isAllowedNavigation } from './security.ts';

export type { InvokeHandlers };

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
export function createDispatch(handlers: Partial<InvokeHandlers>, devServerUrl?: string): Dispatch {
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
        `The request to ${channel} was malformed: ${(parsed.error.issues[0]?.message ?? 'invalid').replace(/\.$/, '')}.`,
      );
    }
    const handler = handlers[channel] as ((request: unknown) => unknown) | undefined;
    if (!handler) {
      return fail('not-available', `${channel} is not available in this window.`);
    }
    try {
      const value = await handler(parsed.data);
      return ok(spec.response.parse(value));
    } catch (error) {
      // A sentence meant for the user travels as is; anything else is a bug, said plainly.
      const userMessage = (error as { userMessage?: unknown }).userMessage;
      if (typeof userMessage === 'string') {
        return fail((error as Error).name || 'handler-failed', userMessage);
      }
      return fail(
        'handler-failed',
        `Clearframe could not do that (${error instanceof Error ? error.message : String(error)}). Try again; if it keeps failing, copy the diagnostics and report it.`,
      );
    }
  };
}
