import { useIntl } from 'react-intl';
import { useStagedNames } from './shown-names.ts';
import { fitStrokes, type Stroke } from '../../src-shared/domain/strokes.ts';
import type { StagedFile } from '../../src-shared/ipc/contract.ts';
import { useWorkspace, type MaskSnapshot } from './workspace-store.ts';

/** Where the mask goes once painted: this image only, or the others it fits too. */
export type MaskTarget = 'this' | 'same-size' | 'selected' | 'all';

/** The masks an apply would replace on the other images, by where they came from. */
export interface Replaced {
  found: number;
  painted: number;
}

/**
 * A line said after a mask changed. After a mask is saved for one image, `saved` names that
 * image, and the line offers to apply the mask to others or preview it; after an apply,
 * `undo` holds the masks as they were before it.
 */
export interface Note {
  text: string;
  saved?: string;
  undo?: MaskSnapshot;
}

type Workspace = ReturnType<typeof useWorkspace.getState>;

export function snapshotMasks(ws: Workspace): MaskSnapshot {
  return { masks: ws.masks, scaledFrom: ws.scaledFrom, local: ws.local, found: ws.found };
}

/**
 * How many other images hold a mask that applying `strokes` from `source` would change:
 * the same mask already there is not a replacement, so applying twice asks nothing.
 */
export function replacedBy(
  ws: Workspace,
  source: StagedFile,
  strokes: readonly Stroke[],
  target: MaskTarget,
): Replaced {
  const reaches = (file: StagedFile) =>
    target === 'all' ||
    (target === 'selected' && ws.selected[file.token] === true) ||
    (target === 'same-size' && file.width === source.width && file.height === source.height);
  const replaced = { found: 0, painted: 0 };
  if (target === 'this') return replaced;
  for (const file of ws.staged) {
    const held = ws.masks[file.token];
    if (file.token === source.token || !held || !reaches(file)) continue;
    const given = target === 'same-size' ? strokes : fitStrokes(strokes, source, file);
    if (JSON.stringify(given) === JSON.stringify(held)) continue;
    if (ws.found[file.token]) replaced.found += 1;
    else replaced.painted += 1;
  }
  return replaced;
}

/**
 * Applies the mask saved for `source` to the images `target` names and says so; `before` is
 * what the masks were before the user acted, so the note can put them back.
 */
export function useApplyMask(): (
  target: Exclude<MaskTarget, 'this'>,
  source: StagedFile,
  before: MaskSnapshot,
) => Note {
  const intl = useIntl();
  const nameOf = useStagedNames();
  return (target, source, before) => {
    const ws = useWorkspace.getState();
    const size = `${source.width}×${source.height}`;
    if (target === 'same-size') {
      const count = ws.applyToSameSize(source.token);
      return {
        text: intl.formatMessage({ id: 'images.appliedSameSize' }, { count, size }),
        undo: before,
      };
    }
    const { applied: count, scaled } = ws.applyFitted(source.token, target);
    const first = intl.formatMessage(
      { id: target === 'all' ? 'images.appliedAll' : 'images.appliedSelected' },
      { count },
    );
    if (!scaled) return { text: first, undo: before };
    const second = intl.formatMessage(
      { id: 'images.appliedScaled' },
      { count: scaled, size, name: nameOf(source) },
    );
    return {
      text: intl.formatMessage({ id: 'images.twoSentences' }, { first, second }),
      undo: before,
    };
  };
}
