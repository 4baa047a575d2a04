import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import type { StagedFile } from '../../src-shared/ipc/contract.ts';
import type { Stroke } from '../../src-shared/domain/strokes.ts';
import { takeClips } from '../clips/clips-store.ts';
import { VideosArea } from '../clips/VideosArea.tsx';
import { DropZone } from './DropZone.tsx';
import { useJobs } from '../jobs-store.ts';
import { CompareView } from './CompareView.tsx';
import { JobTable } from './JobTable.tsx';
import { jobNames } from './results.ts';
import { replacedBy, snapshotMasks, useApplyMask, type Note } from './apply-masks.ts';
import { MaskEditor } from './MaskEditor.tsx';
import { MaskNoteBar } from './MaskNoteBar.tsx';
import { OutputPanel } from './OutputPanel.tsx';
import { ProfilePanel } from './ProfilePanel.tsx';
import { StagedList } from './StagedList.tsx';
import { WatchPanel } from './WatchPanel.tsx';
import { useStagedNames } from './shown-names.ts';
import { StagingProgress } from './StagingProgress.tsx';
import { VirtualList } from './VirtualList.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { LocalPreview } from './LocalPreview.tsx';
import { WatermarkFinder } from './WatermarkFinder.tsx';
import './watermark.css';
import { startLabel, startPlan } from './start-plan.ts';
import { LargeMaskQuestion, MaskShareNote, useMaskQuestion } from './LargeMasks.tsx';
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
  const intl = useIntl();
  const ws = useWorkspace();
  const jobs = useJobs((state) => state.jobs);
  const [comparing, setComparing] = useState<string | null>(null);
  /** The results listed when one was opened, for Previous and Next. */
  const [walk, setWalk] = useState<readonly string[]>([]);
  const [said, setSaid] = useState<(Note & { about: string | undefined }) | null>(null);
  // A note speaks of the images staged when it was said: once they are started or removed,
  // and others staged, it is not shown beside figures it does not count.
  const about = ws.staged[0]?.token;
  const setNote = (next: Note) => setSaid({ ...next, about });
  const note = said && said.about === about ? said : null;
  const [previewing, setPreviewing] = useState<StagedFile | null>(null);
  const [finding, setFinding] = useState(false);
  const wide = useWide();
  const editing = ws.staged.find((file) => file.token === ws.editing);
  const masked = Object.keys(ws.masks).length;
  const picked = Object.keys(ws.selected).length;
  // One credit per image sent; images cleaned before with the same mask and those cleaned on
  // this computer are not counted.
  const plan = startPlan(ws.staged, ws);
  const question = useMaskQuestion();
  const maybeSkipped = plan.leftOut + plan.maybeLeftOut;
  const job = comparing ? jobs[comparing] : undefined;
  const nameOf = useStagedNames();
  // Named as its row in the results names it: among the jobs of its batch.
  const jobName = job
    ? jobNames(Object.values(jobs).filter((other) => other.batchId === job.batchId))(job)
    : '';
  const results = walk.filter((id) => jobs[id]?.state === 'done');
  const at = comparing ? results.indexOf(comparing) : -1;
  const step = (by: number) => {
    const id = results[at + by];
    return at >= 0 && id ? () => setComparing(id) : null;
  };
  const applied = useApplyMask();
  // Images cleaned here with a measured mark need no mask: the service is not asked to look.
  const unmasked = ws.staged.filter(
    (file) => !ws.masks[file.token] && !ws.local[file.token],
  ).length;
  const compareView = job?.state === 'done' && job.outputPath && (
    <CompareView
      pair={{
        name: jobName,
        title: intl.formatMessage({ id: 'images.compareTitle' }, { name: jobName }),
        before: `${props.previewBase}job/${job.id}/input`,
        after: `${props.previewBase}job/${job.id}/output`,
        afterWord: intl.formatMessage({ id: 'images.cleaned' }),
      }}
      note={
        <p className="saved-to" data-testid="saved-to">
          {intl.formatMessage({ id: 'images.savedTo' }, { path: job.outputPath })}
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
      <DropZone
        onPaths={(paths) => {
          const rest = takeClips(paths);
          if (rest.length > 0) void ws.stage(rest);
        }}
      />
      <VideosArea previewBase={props.previewBase} />
      <StagingProgress />
      <OutputPanel />
      <ProfilePanel />
      <WatchPanel />
      <form
        className="actions url-form"
        aria-label={intl.formatMessage({ id: 'images.urlForm' })}
        onSubmit={(event) => {
          event.preventDefault();
          const field = event.currentTarget.elements.namedItem('url') as HTMLInputElement;
          void ws.stageUrl(field.value.trim()).then((ok) => {
            if (ok) field.value = '';
          });
        }}
      >
        <label htmlFor="image-url">{intl.formatMessage({ id: 'images.urlLabel' })}</label>
        <input
          id="image-url"
          name="url"
          type="url"
          placeholder={intl.formatMessage({ id: 'images.urlPlaceholder' })}
          required
        />
        <button type="submit" disabled={ws.busy}>
          {intl.formatMessage({ id: 'images.urlAdd' })}
        </button>
      </form>
      {ws.error && (
        <p className="error" role="alert">
          {ws.error}
        </p>
      )}
      {ws.skipped.length > 0 && (
        <>
          <p className="hint">
            {intl.formatMessage({ id: 'images.skippedTitle' }, { count: ws.skipped.length })}
          </p>
          {/* A folder of thousands can leave thousands behind: only the rows in view are drawn. */}
          <VirtualList
            count={ws.skipped.length}
            rowHeight={SKIPPED_ROW_HEIGHT}
            height={SKIPPED_LIST_HEIGHT}
            label={intl.formatMessage({ id: 'images.skippedList' })}
            testId="skipped"
            renderRow={(index) => {
              const item = ws.skipped[index];
              if (!item) return null;
              const reason =
                'alreadyAdded' in item
                  ? intl.formatMessage({ id: 'core.app.alreadyListed' })
                  : item.reason;
              const line = (name: string) =>
                intl.formatMessage({ id: 'images.reasonLine' }, { name, reason });
              return (
                <span className="skipped" title={line(item.path)}>
                  {line(item.path.split(/[\\/]/).pop() ?? item.path)}
                </span>
              );
            }}
          />
        </>
      )}
      {ws.staged.length > 0 && (
        <section aria-labelledby="staged-title" className="staged">
          <h2 id="staged-title">
            {intl.formatMessage({ id: 'images.ready' })}{' '}
            <span data-testid="staged-summary">
              {intl.formatMessage(
                { id: 'images.readySummary' },
                { count: ws.staged.length, masked },
              )}
            </span>
          </h2>
          <div className="actions">
            <button type="button" onClick={() => ws.selectAll(picked < ws.staged.length)}>
              {intl.formatMessage({
                id: picked < ws.staged.length ? 'images.selectAll' : 'images.selectNone',
              })}
            </button>
            <button
              type="button"
              disabled={picked === 0}
              onClick={() => ws.remove(Object.keys(ws.selected))}
            >
              {intl.formatMessage({ id: 'images.removeSelected' })}
            </button>
            <button type="button" onClick={() => setFinding(true)}>
              {intl.formatMessage({ id: 'images.find' })}
            </button>
            <span className="spacer" />
            <button
              type="button"
              className="primary"
              data-testid="start"
              disabled={
                ws.busy ||
                question.asking !== null ||
                plan.paid + plan.free + plan.maybeLeftOut === 0
              }
              onClick={() => void question.start()}
            >
              {startLabel(intl, plan)}
            </button>
          </div>
          {/* What was just done comes first: the share notes below it are worked out after the
              masks change, and appearing under it they never push it out of view. */}
          {note && <MaskNoteBar note={note} onNote={setNote} onPreview={setPreviewing} />}
          <LargeMaskQuestion question={question} />
          <MaskShareNote shares={question.shares} />
          {plan.unsure > 0 && (
            <p className="hint" data-testid="unsure-note">
              {intl.formatMessage({ id: 'images.heldBackUnsure' }, { count: plan.unsure })}
            </p>
          )}
          {maybeSkipped > 0 && (
            <p className="hint" data-testid="cleaned-note">
              {intl.formatMessage({ id: 'images.cleanedBefore' }, { count: maybeSkipped })}
            </p>
          )}
          {plan.free > 0 && (
            <p className="hint" data-testid="local-note">
              {intl.formatMessage(
                { id: plan.free === ws.staged.length ? 'images.localAll' : 'images.localSome' },
                { count: plan.free },
              )}
            </p>
          )}
          {unmasked > 0 && (
            <p className="hint" data-testid="no-mask-note">
              {unmasked === ws.staged.length
                ? intl.formatMessage({ id: 'images.noMaskAll' })
                : intl.formatMessage({ id: 'images.noMaskSome' }, { count: unmasked })}
            </p>
          )}
          <StagedList previewBase={props.previewBase} onPreview={setPreviewing} />
        </section>
      )}
      {editing && (
        <Dialog label={intl.formatMessage({ id: 'images.maskEditor' })}>
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
            replaces={(strokes, target) => replacedBy(ws, editing, strokes, target)}
            onClose={() => ws.edit(null)}
            onSave={(strokes, target) => {
              const before = snapshotMasks(ws);
              ws.setMask(editing.token, strokes);
              ws.edit(null);
              const name = nameOf(editing);
              setNote(
                target !== 'this'
                  ? applied(target, editing, before)
                  : strokes.length
                    ? {
                        text: intl.formatMessage({ id: 'images.maskSaved' }, { name }),
                        saved: editing.token,
                      }
                    : { text: intl.formatMessage({ id: 'images.maskRemoved' }, { name }) },
              );
            }}
          />
        </Dialog>
      )}
      {finding && (
        <Dialog
          label={intl.formatMessage({ id: 'images.find' })}
          className="compare-modal"
          onEscape={() => setFinding(false)}
        >
          <WatermarkFinder
            staged={ws.staged}
            previewBase={props.previewBase}
            onClose={() => setFinding(false)}
            onUse={(strokes, local, unsure) => {
              ws.setMasks(strokes, local, unsure);
              setFinding(false);
              const count = Object.keys(strokes).length;
              const free = Object.keys(local).length;
              setNote({ text: intl.formatMessage({ id: 'images.foundNote' }, { count, free }) });
            }}
          />
        </Dialog>
      )}
      {previewing && (
        <Dialog
          label={intl.formatMessage({ id: 'preview.title' }, { name: nameOf(previewing) })}
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
            <Dialog
              label={intl.formatMessage({ id: 'images.compareTitle' }, { name: jobName })}
              className="compare-modal"
            >
              {compareView}
            </Dialog>
          ))}
      </div>
    </div>
  );
}
