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
