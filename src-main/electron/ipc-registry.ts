import { isInvokeChannel } from '../../src-shared/ipc/channels.ts';
import { invokeContract, type InvokeHandlers } from '../../src-shared/ipc/contract.ts';
import { fail, ok, type IpcResult } from '../../src-shared/ipc/result.ts';
import { issueWords } from '../../src-shared/i18n/issue-words.ts';
import { coreIntl, said } from '../core/i18n/core-words.ts';
import { UserFacingError } from '../core/user-error.ts';
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
      return fail('untrusted-sender', said('ipc.untrusted'));
    }
    if (!isInvokeChannel(channel)) {
      return fail('unknown-channel', said('ipc.unknownChannel', { channel: String(channel) }));
    }
    const spec = invokeContract[channel];
    const parsed = spec.request.safeParse(payload);
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      return fail(
        'invalid-payload',
        said('ipc.malformed', {
          channel,
          problem: issue ? issueWords(coreIntl(), issue) : said('check.invalid'),
        }),
      );
    }
    const handler = handlers[channel] as ((request: unknown) => unknown) | undefined;
    if (!handler) {
      return fail('not-available', said('ipc.notAvailable', { channel }));
    }
    try {
      const value = await handler(parsed.data);
      return ok(spec.response.parse(value));
    } catch (error) {
      // An error meant for the user travels as its sentence; anything else is a bug, said plainly.
      if (error instanceof UserFacingError) {
        return fail(error.name || 'handler-failed', error.userMessage);
      }
      return fail(
        'handler-failed',
        said('ipc.failed', { detail: error instanceof Error ? error.message : String(error) }),
      );
    }
  };
}
