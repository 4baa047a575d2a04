import { useEffect, useRef, useState } from 'react';
import type { StagedFile } from '../../src-shared/ipc/contract.ts';
import type { Stroke } from '../../src-shared/domain/strokes.ts';
import { DropZone } from '../components/DropZone.tsx';
import { useJobs } from '../jobs-store.ts';
import { CompareView } from './CompareView.tsx';
import { JobTable } from './JobTable.tsx';
import { MaskEditor, type MaskTarget } from './MaskEditor.tsx';
import { OutputPanel } from './OutputPanel.tsx';
import { StagingProgress } from './StagingProgress.tsx';
import { VirtualList } from './VirtualList.tsx';
import { fileSize } from './file-size.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { LocalPreview } from './LocalPreview.tsx';
import { WatermarkFinder } from './WatermarkFinder.tsx';
import './watermark.css';
import { useWorkspace } from './workspace-store.ts';

const SKIPPED_ROW_HEIGHT = 28;
const SKIPPED_LIST_HEIGHT = 168;

/** One empty mask for every image without one, so the editor can tell an unchanged mask by identity. */
const NO_STROKES: Stroke[] = [];

/** From this width the compare view sits beside the results; below it, over them. */
const WIDE = '(min-width: 1100px)';

function useWide(): boolean {
  const [wide, setWide] = useState(() => window.matchMedia(WIDE).matches);
  useEffect(() => {
    const query = window.matchMedia(WIDE);
    const change = () => setWide(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return wide;
}

/** Drop a folder, paint a mask once, apply it to the images it fits, run, compare. */
export function WatermarkWorkspace(props: { previewBase: string }) {
  const ws = useWorkspace();
  const jobs = useJobs((state) => state.jobs);
  const [comparing, setComparing] = useState<string | null>(null);
  /** The results listed when one was opened, for Previous and Next. */
  const [walk, setWalk] = useState<readonly string[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState<StagedFile | null>(null);
  const [finding, setFinding] = useState(false);
  const wide = useWide();
  const noteBar = useRef<HTMLDivElement>(null);
  const editing = ws.staged.find((file) => file.token === ws.editing);
  const masked = Object.keys(ws.masks).length;
  const picked = Object.keys(ws.selected).length;
  const sizes = new Set(ws.staged.map((file) => `${file.width}×${file.height}`)).size;
  // One credit per image sent; one cleaned before with the same mask is left out unless
  // "Clean again" is ticked, so those make the figure an upper bound.
  const maybeSkipped = ws.staged.filter((file) => file.cleaned && !ws.again[file.token]).length;
  // Images cleaned on this computer cost nothing and are not counted.
  const free = ws.staged.filter((file) => ws.local[file.token]).length;
  const paid = ws.staged.length - free;
  const job = comparing ? jobs[comparing] : undefined;
  const results = walk.filter((id) => jobs[id]?.state === 'done');
  const at = comparing ? results.indexOf(comparing) : -1;
  const step = (by: number) => {
    const id = results[at + by];
    return at >= 0 && id ? () => setComparing(id) : null;
  };
  // What to do next with a saved mask is said where the eye is, not below a long list.
  useEffect(() => {
    if (note) noteBar.current?.scrollIntoView({ block: 'nearest' });
  }, [note]);
  const applied = (target: MaskTarget, source: StagedFile): string => {
    if (target === 'same-size') {
      return `Mask applied to ${ws.applyToSameSize(source.token)} images of ${source.width}×${source.height}.`;
    }
    const { applied: count, scaled } = ws.applyFitted(
      source.token,
      target === 'all' ? 'all' : 'selected',
    );
    return `Mask applied to ${count}${target === 'all' ? '' : ' selected'} image${count === 1 ? '' : 's'}.${
      scaled
        ? ` ${scaled} of ${scaled === 1 ? 'them has' : 'them have'} another size than ${source.width}×${source.height}: the mask was scaled to fit, each mark kept as near its corner as on ${source.name}. Check ${scaled === 1 ? 'it' : 'them'} with Edit mask.`
        : ''
    }`;
  };
  const unmasked = ws.staged.length - masked;
  const compareView = job?.state === 'done' && job.outputPath && (
    <CompareView
      pair={{
        name: job.name,
        title: `Before and after: ${job.name}`,
        before: `${props.previewBase}job/${job.id}/input`,
        after: `${props.previewBase}job/${job.id}/output`,
        afterWord: 'cleaned',
      }}
      note={
        <p className="saved-to" data-testid="saved-to">
          Saved to {job.outputPath}
        </p>
      }
      onPrevious={step(-1)}
      onNext={step(1)}
      onClose={() => setComparing(null)}
    />
  );
  const stagePasted = ws.stagePasted;
  useEffect(() => {
    const paste = (event: ClipboardEvent) => {
      const files = [...(event.clipboardData?.files ?? [])].filter((file) =>
        file.type.startsWith('image/'),
      );
      if (files.length === 0 || event.target instanceof HTMLInputElement) return;
      event.preventDefault();
      void stagePasted(files);
    };
    window.addEventListener('paste', paste);
    return () => window.removeEventListener('paste', paste);
  }, [stagePasted]);

  return (
    <div className="workspace">
      <DropZone onPaths={(paths) => void ws.stage(paths)} />
      <StagingProgress />
      <OutputPanel />
      <form
        className="actions url-form"
        aria-label="Add an image by address"
        onSubmit={(event) => {
          event.preventDefault();
          const field = event.currentTarget.elements.namedItem('url') as HTMLInputElement;
          void ws.stageUrl(field.value.trim()).then((ok) => {
            if (ok) field.value = '';
          });
        }}
      >
        <label htmlFor="image-url">Image address</label>
        <input id="image-url" name="url" type="url" placeholder="https://…" required />
        <button type="submit" disabled={ws.busy}>
          Add
        </button>
      </form>
      {ws.error && (
        <p className="error" role="alert">
          {ws.error}
        </p>
      )}
      {ws.skipped.length > 0 && (
        <>
          <p className="hint">Not taken ({ws.skipped.length}), each with the reason:</p>
          {/* A folder of thousands can leave thousands behind: only the rows in view are drawn. */}
          <VirtualList
            count={ws.skipped.length}
            rowHeight={SKIPPED_ROW_HEIGHT}
            height={SKIPPED_LIST_HEIGHT}
            label="Skipped"
            testId="skipped"
            renderRow={(index) => {
              const item = ws.skipped[index];
              if (!item) return null;
              const line = `${item.path.split(/[\\/]/).pop()}: ${item.reason}`;
              return (
                <span className="skipped" title={`${item.path}: ${item.reason}`}>
                  {line}
                </span>
              );
            }}
          />
        </>
      )}
      {ws.staged.length > 0 && (
        <section aria-labelledby="staged-title" className="staged">
          <h2 id="staged-title">
            Ready:{' '}
            <span data-testid="staged-summary">{`${ws.staged.length} images, ${masked} with a mask`}</span>
          </h2>
          <div className="actions">
            <button type="button" onClick={() => ws.selectAll(picked < ws.staged.length)}>
              {picked < ws.staged.length ? 'Select all' : 'Select none'}
            </button>
            <button
              type="button"
              disabled={picked === 0}
              onClick={() => ws.remove(Object.keys(ws.selected))}
            >
              Remove selected
            </button>
            <button type="button" onClick={() => setFinding(true)}>
              Find the watermark
            </button>
            <span className="spacer" />
            <button
              type="button"
              className="primary"
              disabled={ws.busy}
              onClick={() => void ws.start()}
            >
              {paid === 0
                ? 'Start – free, on this computer'
                : `Start – uses ${maybeSkipped > 0 ? 'up to ' : ''}${paid} credit${paid === 1 ? '' : 's'}${free > 0 ? ` (${free} free on this computer)` : ''}`}
            </button>
          </div>
          {maybeSkipped > 0 && (
            <p className="hint" data-testid="cleaned-note">
              {maybeSkipped} of these {maybeSkipped === 1 ? 'was' : 'were'} cleaned before. One sent
              again with the same mask is left out and costs nothing, unless you tick “Clean again”.
            </p>
          )}
          {note && (
            <div className="actions mask-note-bar" role="status" ref={noteBar}>
              <span>{note}</span>
              {(() => {
                const source = ws.staged.find(
                  (file) => ws.masks[file.token] && note.endsWith(`${file.name}.`),
                );
                if (!source) return null;
                return (
                  <>
                    <button type="button" onClick={() => setNote(applied('same-size', source))}>
                      Apply to all {source.width}×{source.height} images
                    </button>
                    {sizes > 1 && (
                      <button type="button" onClick={() => setNote(applied('all', source))}>
                        Apply to all {ws.staged.length} images
                      </button>
                    )}
                    <button
                      type="button"
                      disabled={picked === 0}
                      onClick={() => setNote(applied('selected', source))}
                    >
                      Apply to selected
                    </button>
                    <button type="button" onClick={() => setPreviewing(source)}>
                      Preview {source.name} (free)
                    </button>
                  </>
                );
              })()}
            </div>
          )}
          {unmasked > 0 && (
            <p className="hint" data-testid="no-mask-note">
              {unmasked === ws.staged.length
                ? 'None of them has a mask yet'
                : `${unmasked} of them have no mask`}
              : the service then looks for the watermark itself and removes what it finds (demo mode
              repaints a mark it finds in a corner). Paint a mask where it should look instead.
            </p>
          )}
          <VirtualList
            count={ws.staged.length}
            rowHeight={56}
            height={360}
            label="Images ready"
            testId="staged-list"
            renderRow={(index) => {
              const file = ws.staged[index] as StagedFile;
              return (
                <div className="staged-row" data-testid="staged">
                  <input
                    type="checkbox"
                    aria-label={`Select ${file.name}`}
                    checked={ws.selected[file.token] === true}
                    onChange={() => ws.toggle(file.token)}
                  />
                  <img
                    src={`${props.previewBase}staged/${file.token}/thumb`}
                    alt=""
                    className="thumb"
                    loading="lazy"
                  />
                  <span className="staged-name">
                    <span className="job-name" title={file.sourceUrl ?? file.path}>
                      {file.name}
                      {file.sourceUrl ? ' (from the web)' : ''}
                    </span>
                    {ws.local[file.token] && (
                      <span className="hint" data-testid="local-engine">
                        cleaned on this computer, free
                      </span>
                    )}
                    {file.cleaned && (
                      <label className="cleaned" title={file.cleaned}>
                        <input
                          type="checkbox"
                          checked={ws.again[file.token] === true}
                          onChange={() => ws.toggleAgain(file.token)}
                        />
                        Cleaned before · clean again
                      </label>
                    )}
                  </span>
                  <span className="hint">
                    {file.width}×{file.height} · {fileSize(file.bytes)}
                  </span>
                  <span
                    className={ws.masks[file.token] ? 'badge' : 'hint'}
                    title={
                      ws.scaledFrom[file.token]
                        ? `The mask was drawn on a ${ws.scaledFrom[file.token]} image and scaled to fit this one.`
                        : undefined
                    }
                  >
                    {ws.masks[file.token]
                      ? ws.scaledFrom[file.token]
                        ? 'mask, scaled'
                        : 'mask'
                      : 'no mask'}
                  </span>
                  <span className="staged-actions">
                    <button
                      type="button"
                      onClick={() => ws.edit(file.token)}
                      aria-label={`${ws.masks[file.token] ? 'Edit mask' : 'Paint mask'}: ${file.name}`}
                    >
                      {ws.masks[file.token] ? 'Edit mask' : 'Paint mask'}
                    </button>
                    {ws.masks[file.token] && (
                      <button
                        type="button"
                        onClick={() => setPreviewing(file)}
                        aria-label={`Preview ${file.name} (free)`}
                        title="A free repaint made on this computer, to check the mask"
                      >
                        Preview
                      </button>
                    )}
                  </span>
                </div>
              );
            }}
          />
        </section>
      )}
      {editing && (
        <Dialog label="Mask editor">
          <MaskEditor
            file={editing}
            previewBase={props.previewBase}
            strokes={ws.masks[editing.token] ?? NO_STROKES}
            scaledFrom={ws.scaledFrom[editing.token]}
            sameSize={
              ws.staged.filter(
                (file) => file.width === editing.width && file.height === editing.height,
              ).length
            }
            selected={picked}
            total={ws.staged.length}
            onClose={() => ws.edit(null)}
            onSave={(strokes, target) => {
              ws.setMask(editing.token, strokes);
              ws.edit(null);
              setNote(
                target !== 'this'
                  ? applied(target, editing)
                  : strokes.length
                    ? `Mask saved for ${editing.name}.`
                    : `Mask removed from ${editing.name}.`,
              );
            }}
          />
        </Dialog>
      )}
      {finding && (
        <Dialog
          label="Find the watermark"
          className="compare-modal"
          onEscape={() => setFinding(false)}
        >
          <WatermarkFinder
            staged={ws.staged}
            previewBase={props.previewBase}
            onClose={() => setFinding(false)}
            onUse={(strokes, local) => {
              ws.setMasks(strokes, local);
              setFinding(false);
              const count = Object.keys(strokes).length;
              const free = Object.keys(local).length;
              setNote(
                `The found mask is on ${count} image${count === 1 ? '' : 's'}${free > 0 ? `, ${free} to be cleaned on this computer for free` : ''}. Check one with Preview, or change it with Edit mask.`,
              );
            }}
          />
        </Dialog>
      )}
      {previewing && (
        <Dialog
          label={`Free preview: ${previewing.name}`}
          className="compare-modal"
          onEscape={() => setPreviewing(null)}
        >
          <LocalPreview
            key={previewing.token}
            file={previewing}
            strokes={ws.masks[previewing.token] ?? NO_STROKES}
            previewBase={props.previewBase}
            onClose={() => setPreviewing(null)}
          />
        </Dialog>
      )}
      <div className={compareView && wide ? 'results-beside' : 'results'}>
        <JobTable
          onCompare={(id, listed) => {
            setWalk(listed);
            setComparing(id);
          }}
          previewBase={props.previewBase}
        />
        {compareView &&
          (wide ? (
            <div className="compare-beside">{compareView}</div>
          ) : (
            <Dialog label={`Before and after: ${job.name}`} className="compare-modal">
              {compareView}
            </Dialog>
          ))}
      </div>
    </div>
  );
}
