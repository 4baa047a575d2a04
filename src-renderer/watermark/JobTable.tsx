import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  RETRYABLE_STATES,
  SETTLED_STATES,
  stateProgress,
} from '../../src-shared/domain/job-states.ts';
import type { WatermarkJobView } from '../../src-shared/ipc/contract.ts';
import { formatCredits } from '../../src-shared/domain/pricing.ts';
import { bridge } from '../bridge.ts';
import { RetryActions } from '../components/RetryActions.tsx';
import { useJobs } from '../jobs-store.ts';
import { JOB_STATE_WORDS } from '../words/job-states.ts';
import { VirtualList } from './VirtualList.tsx';
import { fileSize } from './file-size.ts';
import { batchJobs, figures, movedRow, shownError } from './results.ts';
import './watermark.css';
import { Progress } from '../ui/Progress.tsx';

const FILTERS = {
  all: () => true,
  running: (job: WatermarkJobView) => !SETTLED_STATES.has(job.state),
  failed: (job: WatermarkJobView) => RETRYABLE_STATES.has(job.state),
  done: (job: WatermarkJobView) => job.state === 'done',
} as const;
type Filter = keyof typeof FILTERS;

const ROW_HEIGHT = 44;
const LIST_HEIGHT = 440;

/**
 * The current batch (or every batch), a row each, with filters, "N of M", the queue's
 * Pause and Resume, and actions on one or many. The list is one Tab stop: arrow keys move
 * between rows, and Tab goes through the focused row's buttons.
 */
export function JobTable(props: {
  onCompare: (id: string, shown: readonly string[]) => void;
  previewBase: string;
}) {
  const { jobs, order, retry, sendAgain, cancel, paused, waiting, history } = useJobs();
  const { pause, resume, clearFinished, showHistory, moreHistory } = useJobs();
  const [filter, setFilter] = useState<Filter>('all');
  const [picked, setPicked] = useState<Record<string, true>>({});
  const [active, setActive] = useState(0);
  const focusWanted = useRef(false);
  const list = useRef<HTMLDivElement>(null);
  const batch = batchJobs(jobs, order);
  const listed = history ? history.rows : batch;
  const shown = listed.filter(FILTERS[filter]);
  const row = Math.min(active, Math.max(0, shown.length - 1));
  const activeJob = shown[row];
  // Only the active row's controls are Tab stops; the others are reached with the arrows.
  // Set on the rows in the page after each render, so the shared retry buttons follow too.
  useEffect(() => {
    const rows = list.current?.querySelectorAll<HTMLElement>('[data-job-id]') ?? [];
    for (const el of rows) {
      const tab = el.dataset['jobId'] === activeJob?.id ? 0 : -1;
      for (const control of el.querySelectorAll<HTMLElement>('button, input')) {
        control.tabIndex = tab;
      }
    }
    if (!focusWanted.current || !activeJob) return;
    focusWanted.current = false;
    list.current
      ?.querySelector<HTMLElement>(`[data-job-id="${activeJob.id}"] .job-name`)
      ?.focus({ preventScroll: true });
  });
  if (order.length === 0) return null;
  const { done, total, failed, running, eta } = figures(batch);
  const pickedIds = Object.keys(picked);
  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const page = Math.max(1, Math.floor(LIST_HEIGHT / ROW_HEIGHT) - 1);
    const to = movedRow(event.key, row, shown.length, page);
    if (to === null || event.target instanceof HTMLInputElement) return;
    event.preventDefault();
    focusWanted.current = true;
    setActive(to);
  };
  const activeError = activeJob ? shownError(activeJob) : null;

  return (
    <section aria-labelledby="jobs-title" className="jobs" ref={list}>
      <h2 id="jobs-title">
        Results <span data-testid="jobs-summary">{`${done} of ${total} done`}</span>
        {failed.length > 0 && <span className="error"> · {failed.length} need attention</span>}
        {eta && !paused && <span className="hint"> · {eta}</span>}
        {history && (
          <span className="hint" data-testid="history-summary">
            {` · listing every batch, newest first: ${history.rows.length}${history.next === null ? '' : '+'} images`}
          </span>
        )}
      </h2>
      <div className="actions queue-actions" role="group" aria-label="Queue">
        {paused ? (
          <button type="button" className="primary" onClick={() => void resume()}>
            Resume
          </button>
        ) : (
          <button type="button" onClick={() => void pause()} disabled={!running}>
            Pause
          </button>
        )}
        <span role="status" className="queue-state" data-testid="queue-state">
          {waiting
            ? `Waiting: ${waiting}`
            : paused
              ? 'Paused: nothing new is sent until you resume.'
              : ''}
        </span>
        <span className="spacer" />
        <button type="button" disabled={failed.length === 0} onClick={() => void retry(failed)}>
          Retry all failed
        </button>
        <button
          type="button"
          disabled={order.every((id) => {
            const job = jobs[id];
            return job === undefined || !SETTLED_STATES.has(job.state);
          })}
          onClick={() => void clearFinished()}
          title="Takes finished images off this list; their results stay where they were saved."
        >
          Clear finished
        </button>
        <button
          type="button"
          aria-pressed={history !== null}
          onClick={() => void showHistory(!history)}
        >
          {history ? 'Show only the latest batch' : 'Show all earlier results'}
        </button>
      </div>
      <div className="actions" role="group" aria-label="Filter">
        {(Object.keys(FILTERS) as Filter[]).map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={filter === name}
            onClick={() => setFilter(name)}
          >
            {name[0]?.toUpperCase() + name.slice(1)}
          </button>
        ))}
        <span className="spacer" />
        <button
          type="button"
          disabled={pickedIds.length === 0}
          onClick={() => void retry(pickedIds)}
        >
          Retry selected
        </button>
        <button
          type="button"
          disabled={pickedIds.length === 0}
          onClick={() => void cancel(pickedIds)}
        >
          Cancel selected
        </button>
      </div>
      <a className="skip-link" href="#after-results">
        Skip past the results
      </a>
      <VirtualList
        count={shown.length}
        rowHeight={ROW_HEIGHT}
        height={LIST_HEIGHT}
        label="Jobs"
        testId="job-list"
        keep={row}
        onKeyDown={moveFocus}
        {...(history?.next != null ? { onNearEnd: () => void moreHistory() } : {})}
        renderRow={(index) => {
          const job = shown[index] as WatermarkJobView;
          const error = shownError(job);
          const settled = RETRYABLE_STATES.has(job.state);
          return (
            <div
              className={`job ${job.state}`}
              data-testid="job"
              data-state={job.state}
              data-job-id={job.id}
              onFocus={() => setActive(index)}
            >
              <input
                type="checkbox"
                aria-label={`Select ${job.name}`}
                checked={picked[job.id] === true}
                onChange={() => {
                  const next = { ...picked };
                  if (next[job.id]) delete next[job.id];
                  else next[job.id] = true;
                  setPicked(next);
                }}
              />
              <img
                src={`${props.previewBase}job/${job.id}/thumb`}
                alt=""
                className="thumb"
                loading="lazy"
              />
              <button
                type="button"
                className="job-name"
                onClick={() =>
                  props.onCompare(
                    job.id,
                    shown.map((item) => item.id),
                  )
                }
                title={job.inputPath}
              >
                {job.name}
              </button>
              <span className="hint job-size">{job.bytes === null ? '' : fileSize(job.bytes)}</span>
              {settled ? (
                <span className="job-stopped" aria-hidden="true" />
              ) : (
                <Progress value={stateProgress(job.state)} label={`${job.name} progress`} />
              )}
              <span className="job-state">{JOB_STATE_WORDS[job.state]}</span>
              {error || !job.local ? (
                <span className="job-error" title={error ?? undefined}>
                  {error ?? ''}
                </span>
              ) : (
                <span className="job-error job-note">On this computer, free</span>
              )}
              <span className="job-actions">
                <RetryActions
                  state={job.state}
                  checkAgain={job.checkAgain}
                  cost={job.local ? 'free' : formatCredits(1)}
                  name={job.name}
                  onRetry={() => void retry([job.id])}
                  onSendAgain={() => void sendAgain([job.id])}
                />
                {!SETTLED_STATES.has(job.state) && (
                  <button
                    type="button"
                    aria-label={`Cancel ${job.name}`}
                    onClick={() => void cancel([job.id])}
                  >
                    Cancel
                  </button>
                )}
                {job.state === 'done' && job.outputPath && (
                  <>
                    <button
                      type="button"
                      aria-label={`Open ${job.name}`}
                      onClick={() =>
                        void bridge().invoke('shell:reveal', { jobId: job.id, open: true })
                      }
                    >
                      Open
                    </button>
                    {/* The name is read out within the words shown, so the spoken and the seen label agree. */}
                    <button
                      type="button"
                      onClick={() => void bridge().invoke('shell:reveal', { jobId: job.id })}
                    >
                      Show<span className="visually-hidden"> {job.name}</span> in folder
                    </button>
                  </>
                )}
              </span>
            </div>
          );
        }}
      />
      {/* A row is one fixed height, so a long reason is read in full here, for the focused row. */}
      <p className="job-detail" aria-live="polite" data-testid="job-detail">
        {activeJob && activeError ? `${activeJob.name}: ${activeError}` : ''}
      </p>
      <span id="after-results" tabIndex={-1} />
    </section>
  );
}
