import { en, type MessageId } from './catalogues/en.ts';

/** Whether a text is one of the catalogues' message ids: how a schema names its sentences. */
export function isMessageId(text: string): text is MessageId {
  return Object.hasOwn(en, text);
}
