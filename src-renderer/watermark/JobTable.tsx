import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  RETRYABLE_STATES,
  SETTLED_STATES,
  stateProgress,
} from '../../src-shared/domain/job-states.ts';
import type { WatermarkJobView } from '../../src-shared/ipc/contract.ts';
import type { MessageId } from '../../src-shared/i18n/catalogues/en.ts';
import type { Say } from '../../src-shared/i18n/sentence.ts';
import { formatCredits, formatFileSize, formatTimeLeft } from '../../src-shared/i18n/formats.ts';
import { bridge } from '../bridge.ts';
import { RetryActions } from '../components/RetryActions.tsx';
import { useJobs } from '../jobs-store.ts';
import { JOB_STATE_MESSAGES } from '../words/job-states.ts';
import { DoubtActions } from './DoubtActions.tsx';
import { DOUBT_WORDS } from './doubt-words.ts';
import { VirtualList } from './VirtualList.tsx';
import { batchJobs, batchRunning, figures, jobNames, movedRow, shownError } from './results.ts';
import './watermark.css';
import { Progress } from '../ui/Progress.tsx';

const FILTERS = {
  all: () => true,
  running: (job: WatermarkJobView) => !SETTLED_STATES.has(job.state),
  failed: (job: WatermarkJobView) => RETRYABLE_STATES.has(job.state),
  doubt: (job: WatermarkJobView) => job.doubt !== null,
  done: (job: WatermarkJobView) => job.state === 'done' && job.doubt === null,
} as const;
type Filter = keyof typeof FILTERS;
const FILTER_NAMES: Readonly<Record<Filter, MessageId>> = {
  all: 'jobs.filter.all',
  running: 'jobs.filter.running',
  failed: 'jobs.filter.failed',
  doubt: 'jobs.filter.doubt',
  done: 'jobs.filter.done',
};
/** What a filter that matches nothing says, in place of an empty box. */
const FILTER_EMPTY: Readonly<Record<Filter, MessageId>> = {
  all: 'jobs.empty.all',
  running: 'jobs.empty.running',
  failed: 'jobs.empty.failed',
  doubt: 'jobs.empty.doubt',
  done: 'jobs.empty.done',
};

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
  const intl = useIntl();
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
  const nameOf = jobNames(listed);
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
  const startedBatch = batchRunning(jobs, order) ? batch[0]?.batchId : undefined;
  const shownBatch = useRef<string | undefined>(undefined);
  // A batch just started is brought into view, its heading at the top: in a short window the
  // list would otherwise start below the fold, a row or two of it showing.
  useEffect(() => {
    if (!startedBatch || shownBatch.current === startedBatch) return;
    shownBatch.current = startedBatch;
    list.current?.scrollIntoView({ block: 'start' });
  }, [startedBatch]);
  if (order.length === 0) return null;
  const { done, total, failed, running, eta } = figures(batch);
  const doubted = batch.filter(FILTERS.doubt).length;
  const pickedIds = Object.keys(picked);
  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const page = Math.max(1, Math.floor(LIST_HEIGHT / ROW_HEIGHT) - 1);
    const to = movedRow(event.key, row, shown.length, page);
    if (to === null || event.target instanceof HTMLInputElement) return;
    event.preventDefault();
    focusWanted.current = true;
    setActive(to);
  };
  const say: Say = (id, values) => intl.formatMessage({ id }, values);
  const activeError = activeJob ? shownError(activeJob, say) : null;

  return (
    <section aria-labelledby="jobs-title" className="jobs" ref={list}>
      <h2 id="jobs-title">
        {intl.formatMessage({ id: 'jobs.title' })}{' '}
        <span data-testid="jobs-summary">
          {intl.formatMessage({ id: 'jobs.summary' }, { done, total })}
        </span>
        {failed.length > 0 && (
          <span className="error">
            {' · '}
            {intl.formatMessage({ id: 'jobs.attention' }, { count: failed.length })}
          </span>
        )}
        {doubted > 0 && (
          <span className="error" data-testid="jobs-doubted">
            {' · '}
            {intl.formatMessage({ id: 'jobs.doubtCount' }, { count: doubted })}
          </span>
        )}
        {eta !== null && !paused && (
          <span className="hint">
            {' · '}
            {formatTimeLeft(intl, eta)}
          </span>
        )}
        {history && (
          <span className="hint" data-testid="history-summary">
            {' · '}
            {intl.formatMessage(
              { id: history.next === null ? 'jobs.history' : 'jobs.historyMore' },
              { count: history.rows.length },
            )}
          </span>
        )}
      </h2>
      <div
        className="actions queue-actions"
        role="group"
        aria-label={intl.formatMessage({ id: 'jobs.queue' })}
      >
        {paused ? (
          <button type="button" className="primary" onClick={() => void resume()}>
            {intl.formatMessage({ id: 'jobs.resume' })}
          </button>
        ) : (
          <button type="button" onClick={() => void pause()} disabled={!running}>
            {intl.formatMessage({ id: 'jobs.pause' })}
          </button>
        )}
        <span role="status" className="queue-state" data-testid="queue-state">
          {waiting
            ? intl.formatMessage({ id: 'jobs.waiting' }, { reason: waiting })
            : paused
              ? intl.formatMessage({ id: 'jobs.paused' })
              : ''}
        </span>
        <span className="spacer" />
        <button type="button" disabled={failed.length === 0} onClick={() => void retry(failed)}>
          {intl.formatMessage({ id: 'jobs.retryFailed' })}
        </button>
        <button
          type="button"
          disabled={order.every((id) => {
            const job = jobs[id];
            return job === undefined || !SETTLED_STATES.has(job.state);
          })}
          onClick={() => void clearFinished()}
          title={intl.formatMessage({ id: 'jobs.clearFinishedHint' })}
        >
          {intl.formatMessage({ id: 'jobs.clearFinished' })}
        </button>
        <button
          type="button"
          aria-pressed={history !== null}
          onClick={() => void showHistory(!history)}
        >
          {intl.formatMessage({ id: history ? 'jobs.latestOnly' : 'jobs.allEarlier' })}
        </button>
      </div>
      <div className="actions" role="group" aria-label={intl.formatMessage({ id: 'jobs.filter' })}>
        {(Object.keys(FILTERS) as Filter[]).map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={filter === name}
            onClick={() => setFilter(name)}
          >
            {intl.formatMessage({ id: FILTER_NAMES[name] })}
          </button>
        ))}
        <span className="spacer" />
        <button
          type="button"
          disabled={pickedIds.length === 0}
          onClick={() => void retry(pickedIds)}
        >
          {intl.formatMessage({ id: 'jobs.retrySelected' })}
        </button>
        <button
          type="button"
          disabled={pickedIds.length === 0}
          onClick={() => void cancel(pickedIds)}
        >
          {intl.formatMessage({ id: 'jobs.cancelSelected' })}
        </button>
      </div>
      <a className="skip-link" href="#after-results">
        {intl.formatMessage({ id: 'jobs.skip' })}
      </a>
      {shown.length === 0 && (
        <p className="hint jobs-empty" role="status" data-testid="jobs-empty">
          {intl.formatMessage({ id: FILTER_EMPTY[filter] })}
        </p>
      )}
      <VirtualList
        count={shown.length}
        rowHeight={ROW_HEIGHT}
        height={LIST_HEIGHT}
        label={intl.formatMessage({ id: 'jobs.list' })}
        testId="job-list"
        keep={row}
        onKeyDown={moveFocus}
        {...(history?.next != null ? { onNearEnd: () => void moreHistory() } : {})}
        renderRow={(index) => {
          const job = shown[index] as WatermarkJobView;
          const name = nameOf(job);
          const error = shownError(job, say);
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
                aria-label={intl.formatMessage({ id: 'jobs.select' }, { name })}
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
                {name}
              </button>
              <span className="hint job-size">
                {job.bytes === null ? '' : formatFileSize(intl, job.bytes)}
              </span>
              {settled ? (
                <span className="job-stopped" aria-hidden="true" />
              ) : (
                <Progress
                  value={stateProgress(job.state)}
                  label={intl.formatMessage({ id: 'jobs.progress' }, { name })}
                />
              )}
              <span className="job-state" data-doubt={job.doubt ?? undefined}>
                {intl.formatMessage({
                  id: job.doubt ? DOUBT_WORDS[job.doubt] : JOB_STATE_MESSAGES[job.state],
                })}
              </span>
              {error || !job.local ? (
                <span className="job-error" title={error ?? undefined}>
                  {error ?? ''}
                </span>
              ) : (
                <span className="job-error job-note">
                  {intl.formatMessage({ id: 'jobs.local' })}
                </span>
              )}
              <span className="job-actions">
                {job.doubt && <DoubtActions job={job} />}
                <RetryActions
                  state={job.state}
                  checkAgain={job.checkAgain}
                  cost={
                    job.local ? intl.formatMessage({ id: 'jobs.free' }) : formatCredits(intl, 1)
                  }
                  name={name}
                  onRetry={() => void retry([job.id])}
                  onSendAgain={() => void sendAgain([job.id])}
                />
                {!SETTLED_STATES.has(job.state) && (
                  <button
                    type="button"
                    aria-label={intl.formatMessage({ id: 'jobs.cancelOne' }, { name })}
                    onClick={() => void cancel([job.id])}
                  >
                    {intl.formatMessage({ id: 'jobs.cancel' })}
                  </button>
                )}
                {job.state === 'done' && job.outputPath && (
                  <>
                    <button
                      type="button"
                      aria-label={intl.formatMessage({ id: 'jobs.openOne' }, { name })}
                      onClick={() =>
                        void bridge().invoke('shell:reveal', { jobId: job.id, open: true })
                      }
                    >
                      {intl.formatMessage({ id: 'jobs.open' })}
                    </button>
                    {/* The name is read out within the words shown, so the spoken and the seen label agree. */}
                    <button
                      type="button"
                      onClick={() => void bridge().invoke('shell:reveal', { jobId: job.id })}
                    >
                      {/* One span round the words: a button lays out its children as flex
                          items, which would set a gap, not a space, where the name sits. */}
                      <FormattedMessage
                        id="jobs.showInFolder"
                        values={{
                          name,
                          hidden: (words: ReactNode[]) => (
                            <span className="words-hidden">{words}</span>
                          ),
                        }}
                      >
                        {(words) => <span>{words}</span>}
                      </FormattedMessage>
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
        {activeJob && activeError
          ? intl.formatMessage(
              { id: 'jobs.detail' },
              { name: nameOf(activeJob), error: activeError },
            )
          : ''}
      </p>
      <span id="after-results" tabIndex={-1} />
    </section>
  );
}
