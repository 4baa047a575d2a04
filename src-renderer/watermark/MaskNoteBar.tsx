import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { StagedFile } from '../../src-shared/ipc/contract.ts';
import {
  replacedBy,
  snapshotMasks,
  useApplyMask,
  type MaskTarget,
  type Note,
  type Replaced,
} from './apply-masks.ts';
import { ReplaceQuestion } from './ReplaceQuestion.tsx';
import { useStagedNames } from './shown-names.ts';
import { useWorkspace } from './workspace-store.ts';

/**
 * The line said after a mask changed, where the eye is: after a mask saved for one image it
 * offers to apply it to others (asking first when that would replace their masks) or to
 * preview it; after an apply, Undo puts every mask back as it was.
 */
export function MaskNoteBar(props: {
  note: Note;
  onNote: (note: Note) => void;
  onPreview: (file: StagedFile) => void;
}) {
  const intl = useIntl();
  const ws = useWorkspace();
  const nameOf = useStagedNames();
  const apply = useApplyMask();
  const bar = useRef<HTMLDivElement>(null);
  const [asking, setAsking] = useState<{
    target: Exclude<MaskTarget, 'this'>;
    replaced: Replaced;
  } | null>(null);
  const { note } = props;
  useEffect(() => {
    bar.current?.scrollIntoView({ block: 'nearest' });
  }, [note]);
  const source = ws.staged.find((file) => file.token === note.saved && ws.masks[file.token]);
  const sizes = new Set(ws.staged.map((file) => `${file.width}×${file.height}`)).size;
  const picked = Object.keys(ws.selected).length;
  const ask = (target: Exclude<MaskTarget, 'this'>, from: StagedFile) => {
    const replaced = replacedBy(ws, from, ws.masks[from.token] ?? [], target);
    if (replaced.found + replaced.painted > 0) setAsking({ target, replaced });
    else props.onNote(apply(target, from, snapshotMasks(ws)));
  };
  const undo = () => {
    if (!note.undo) return;
    ws.restoreMasks(note.undo);
    props.onNote({ text: intl.formatMessage({ id: 'images.applyUndone' }) });
    // The Undo button goes: focus stays on the line that says what happened.
    bar.current?.focus();
  };
  return (
    <div
      className="actions mask-note-bar"
      role="status"
      ref={bar}
      tabIndex={-1}
      data-testid="mask-note-bar"
    >
      <span>{note.text}</span>
      {note.undo && (
        <button type="button" onClick={undo}>
          {intl.formatMessage({ id: 'images.undoApply' })}
        </button>
      )}
      {source && asking && (
        <ReplaceQuestion
          replaced={asking.replaced}
          onReplace={() => {
            setAsking(null);
            props.onNote(apply(asking.target, source, snapshotMasks(ws)));
          }}
          onBack={() => setAsking(null)}
        />
      )}
      {source && !asking && (
        <>
          <button type="button" onClick={() => ask('same-size', source)}>
            {intl.formatMessage(
              { id: 'images.applySameSize' },
              { size: `${source.width}×${source.height}` },
            )}
          </button>
          {sizes > 1 && (
            <button type="button" onClick={() => ask('all', source)}>
              {intl.formatMessage({ id: 'images.applyAll' }, { count: ws.staged.length })}
            </button>
          )}
          <button type="button" disabled={picked === 0} onClick={() => ask('selected', source)}>
            {intl.formatMessage({ id: 'images.applySelected' })}
          </button>
          <button type="button" onClick={() => props.onPreview(source)}>
            {intl.formatMessage({ id: 'images.previewFree' }, { name: nameOf(source) })}
          </button>
        </>
      )}
    </div>
  );
}
