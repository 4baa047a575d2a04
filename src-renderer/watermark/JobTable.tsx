import { useState } from 'react';
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
import { VirtualList } from './VirtualList.tsx';
import { fileSize } from './file-size.ts';

const FILTERS = {
  all: () => true,
  running: (job: WatermarkJobView) => !SETTLED_STATES.has(job.state),
  failed: (job: WatermarkJobView) => RETRYABLE_STATES.has(job.state),
  done: (job: WatermarkJobView) => job.state === 'done',
} as const;
type Filter = keyof typeof FILTERS;

/**
 * "About 3 min left": the jobs still to settle times the average time per finished job
 * since the batch began, counted from the latest finish.
 */
function timeLeft(jobs: readonly WatermarkJobView[]): string | null {
  const done = jobs.filter((job) => job.state === 'done');
  const left = jobs.filter((job) => !SETTLED_STATES.has(job.state)).length;
  if (left === 0 || done.length < 2) return null;
  const first = Math.min(...jobs.map((job) => job.updatedAt));
  const last = Math.max(...done.map((job) => job.updatedAt));
  const perJob = Math.max(1, last - first) / done.length;
  const seconds = Math.max(1, Math.round((left * perJob) / 1000));
  return seconds < 90 ? `about ${seconds} s left` : `about ${Math.round(seconds / 60)} min left`;
}

/** Every job, a row each, with filters, "N of M", and actions on one or many. */
export function JobTable(props: { onCompare: (id: string) => void; previewBase: string }) {
  const { jobs, order, retry, sendAgain, cancel } = useJobs();
  const [filter, setFilter] = useState<Filter>('all');
  const [picked, setPicked] = useState<Record<string, true>>({});
  const all = order.map((id) => jobs[id]).filter((job) => job !== undefined);
  if (all.length === 0) return null;
  const shown = all.filter(FILTERS[filter]);
  const done = all.filter((job) => job.state === 'done').length;
  const failed = all.filter((job) => RETRYABLE_STATES.has(job.state)).length;
  const eta = timeLeft(all);
  const pickedIds = Object.keys(picked);

  return (
    <section aria-labelledby="jobs-title" className="jobs">
      <h2 id="jobs-title">
        Results <span data-testid="jobs-summary">{`${done} of ${all.length} done`}</span>
        {failed > 0 && <span className="error"> · {failed} need attention</span>}
        {eta && <span className="hint"> · {eta}</span>}
      </h2>
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
      <VirtualList
        count={shown.length}
        rowHeight={44}
        height={440}
        label="Jobs"
        testId="job-list"
        renderRow={(index) => {
          const job = shown[index] as WatermarkJobView;
          return (
            <div className={`job ${job.state}`} data-testid="job" data-state={job.state}>
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
                onClick={() => props.onCompare(job.id)}
                title={job.inputPath}
              >
                {job.name}
              </button>
              <span className="hint job-size">{job.bytes === null ? '' : fileSize(job.bytes)}</span>
              <progress
                max={1}
                value={stateProgress(job.state)}
                aria-label={`${job.name} progress`}
              />
              <span className="job-state">{job.state}</span>
              <span className="job-error" title={job.error?.message}>
                {job.error?.message ?? ''}
              </span>
              <span className="job-actions">
                <RetryActions
                  state={job.state}
                  checkAgain={job.checkAgain}
                  cost={formatCredits(1)}
                  name={job.name}
                  onRetry={() => void retry([job.id])}
                  onSendAgain={() => void sendAgain([job.id])}
                />
                {!SETTLED_STATES.has(job.state) && (
                  <button type="button" onClick={() => void cancel([job.id])}>
                    Cancel
                  </button>
                )}
                {job.state === 'done' && job.outputPath && (
                  <>
                    <button
                      type="button"
                      onClick={() =>
                        void bridge().invoke('shell:reveal', { jobId: job.id, open: true })
                      }
                    >
                      Open
                    </button>
                    <button
                      type="button"
                      onClick={() => void bridge().invoke('shell:reveal', { jobId: job.id })}
                    >
                      Show in folder
                    </button>
                  </>
                )}
              </span>
            </div>
          );
        }}
      />
    </section>
  );
}
