import { create } from 'zustand';
import type { VideoGenerateRequest } from '../../src-shared/api/video.ts';
import { EMPTY_DRAFT, type RoundDraft } from './presets.ts';

/** A shot's round being written: the form, the fields the user has been at, rounds set aside. */
export interface KeptDraft {
  draft: RoundDraft;
  /**
   * The fields (`prompt`, `slot-N`, `duration`, `ratio`) the user has changed or left: a rule
   * speaks up next to a field once it was touched, never at a form nobody wrote in.
   */
  touched: readonly string[];
  /** "Review and send" was pressed: every rule of the form speaks up. */
  reviewed: boolean;
  /** Complete rounds added to the batch, sent with the one in the form (when it is complete). */
  batch: RoundDraft[];
}

const FRESH: KeptDraft = { draft: EMPTY_DRAFT, touched: [], reviewed: false, batch: [] };

interface DraftState {
  kept: Record<string, KeptDraft>;
  keep: (shotId: string, patch: Partial<KeptDraft>) => void;
  /** Starts the shot's form again from a round's model and length (an attached task). */
  startFrom: (shotId: string, request: VideoGenerateRequest) => void;
}

/**
 * Half-written rounds, one per shot, kept outside the screen: leaving the Video screen or
 * picking another shot and coming back finds the words where they were.
 */
export const useDrafts = create<DraftState>((set) => ({
  kept: {},
  keep: (shotId, patch) =>
    set((state) => ({
      kept: { ...state.kept, [shotId]: { ...(state.kept[shotId] ?? FRESH), ...patch } },
    })),
  startFrom: (shotId, request) =>
    set((state) => ({
      kept: {
        ...state.kept,
        [shotId]: {
          ...(state.kept[shotId] ?? FRESH),
          draft: {
            ...EMPTY_DRAFT,
            model: request.model,
            duration: request.duration ?? EMPTY_DRAFT.duration,
          },
          touched: [],
          reviewed: false,
        },
      },
    })),
}));

/** The kept draft of one shot, fresh until the user writes in it. */
export function useShotDraft(shotId: string): KeptDraft {
  return useDrafts((state) => state.kept[shotId] ?? FRESH);
}
