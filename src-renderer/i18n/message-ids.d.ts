import type { MessageId } from '../../src-shared/i18n/catalogues/en.ts';

// Every `id` given to react-intl is checked against the English catalogue by the type check.
declare global {
  namespace FormatjsIntl {
    interface Message {
      ids: MessageId;
    }
  }
}
