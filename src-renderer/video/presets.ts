import type { MessageId } from '../../src-shared/i18n/catalogues/en.ts';
import type { Mode } from '../../src-shared/domain/round-draft.ts';

/** The kinds of round and the form's draft live in src-shared: the batch import makes them too. */
export {
  EMPTY_DRAFT,
  MODES,
  requestOf,
  slotsOf,
  type Mode,
  type RoundDraft,
  type Slot,
} from '../../src-shared/domain/round-draft.ts';

/**
 * What each kind of round is called in the window. `MODES` keeps the English labels the
 * command line and the batch import print; the window reads these from the catalogues.
 */
export const MODE_MESSAGES: Readonly<Record<Mode, MessageId>> = {
  text: 'round.mode.text',
  image: 'round.mode.image',
  frames: 'round.mode.frames',
  video: 'round.mode.video',
  audio: 'round.mode.audio',
  edit: 'round.mode.edit',
  auto: 'round.mode.auto',
};
