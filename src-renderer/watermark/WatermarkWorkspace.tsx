import { useEffect, useState } from 'react';
import type { StagedFile } from '../../src-shared/ipc/contract.ts';
import { DropZone } from '../components/DropZone.tsx';
import { useJobs } from '../jobs-store.ts';
import { CompareView } from './CompareView.tsx';
import { JobTable } from './JobTable.tsx';
import { MaskEditor } from './MaskEditor.tsx';
import { OutputPanel } from './OutputPanel.tsx';
import { VirtualList } from './VirtualList.tsx';
import { fileSize } from './file-size.ts';
import { useWorkspace } from './workspace-store.ts';

/** Drop a folder, paint a mask once, apply it to the images it fits, run, compare. */
export function WatermarkWorkspace(props: { previewBase: string }) {
  const ws = useWorkspace();
  const jobs = useJobs((state) => state.jobs);
  const [comparing, setComparing] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const editing = ws.staged.find((file) => file.token === ws.editing);
  const masked = Object.keys(ws.masks).length;
  const picked = Object.keys(ws.selected).length;
  // One credit per image sent; one cleaned before with the same mask is left out unless
  // "Clean again" is ticked, so those make the figure an upper bound.
  const maybeSkipped = ws.staged.filter((file) => file.cleaned && !ws.again[file.token]).length;
  const job = comparing ? jobs[comparing] : undefined;
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
          <ul className="skipped" aria-label="Skipped">
            {ws.skipped.map((item) => (
              <li key={item.path}>
                {item.path.split(/[\\/]/).pop()}: {item.reason}
              </li>
            ))}
          </ul>
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
            <span className="spacer" />
            <button
              type="button"
              className="primary"
              disabled={ws.busy}
              onClick={() => void ws.start()}
            >
              Start – uses {maybeSkipped > 0 ? 'up to ' : ''}
              {ws.staged.length} credit{ws.staged.length === 1 ? '' : 's'}
            </button>
          </div>
          {maybeSkipped > 0 && (
            <p className="hint" data-testid="cleaned-note">
              {maybeSkipped} of these {maybeSkipped === 1 ? 'was' : 'were'} cleaned before. One sent
              again with the same mask is left out and costs nothing, unless you tick “Clean again”.
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
                  <button type="button" onClick={() => ws.edit(file.token)}>
                    {ws.masks[file.token] ? 'Edit mask' : 'Paint mask'}
                  </button>
                </div>
              );
            }}
          />
        </section>
      )}
      {editing && (
        <div className="modal" role="dialog" aria-modal="true" aria-label="Mask editor">
          <MaskEditor
            file={editing}
            previewBase={props.previewBase}
            strokes={ws.masks[editing.token] ?? []}
            scaledFrom={ws.scaledFrom[editing.token]}
            onClose={() => ws.edit(null)}
            onSave={(strokes) => {
              ws.setMask(editing.token, strokes);
              ws.edit(null);
              setNote(
                strokes.length
                  ? `Mask saved for ${editing.name}.`
                  : `Mask removed from ${editing.name}.`,
              );
            }}
          />
        </div>
      )}
      {note && (
        <div className="actions" role="status">
          <span>{note}</span>
          {(() => {
            const source = ws.staged.find(
              (file) => ws.masks[file.token] && note.endsWith(`${file.name}.`),
            );
            if (!source) return null;
            return (
              <>
                <button
                  type="button"
                  onClick={() =>
                    setNote(
                      `Mask applied to ${ws.applyToSameSize(source.token)} images of ${source.width}×${source.height}.`,
                    )
                  }
                >
                  Apply to all {source.width}×{source.height} images
                </button>
                <button
                  type="button"
                  disabled={picked === 0}
                  onClick={() => {
                    const { applied, scaled } = ws.applyToSelected(source.token);
                    setNote(
                      `Mask applied to ${applied} selected image${applied === 1 ? '' : 's'}.${
                        scaled
                          ? ` ${scaled} of ${scaled === 1 ? 'them has' : 'them have'} another size than ${source.width}×${source.height}: the mask was scaled to fit, each mark kept as near its corner as on ${source.name}. Check ${scaled === 1 ? 'it' : 'them'} with Edit mask.`
                          : ''
                      }`,
                    );
                  }}
                >
                  Apply to selected
                </button>
              </>
            );
          })()}
        </div>
      )}
      <JobTable onCompare={setComparing} previewBase={props.previewBase} />
      {job && <CompareView job={job} previewBase={props.previewBase} />}
    </div>
  );
}
