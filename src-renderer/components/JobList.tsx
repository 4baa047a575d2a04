import { stateProgress } from '../../src-shared/domain/job-states.ts';
import { useJobs } from '../jobs-store.ts';

const RETRYABLE = new Set(['failed', 'canceled', 'needs-attention']);
const CANCELABLE = new Set(['queued', 'preparing', 'submitted', 'processing', 'downloading']);

/** Every job with its state, progress and, when it went wrong, what to do. */
export function JobList(props: { selected: string | null; onSelect: (id: string) => void }) {
  const { jobs, order, skipped, retry, cancel } = useJobs();
  const views = order.map((id) => jobs[id]).filter((job) => job !== undefined);
  const done = views.filter((job) => job.state === 'done').length;
  if (views.length === 0 && skipped.length === 0) return null;
  return (
    <section aria-labelledby="jobs-title" className="jobs">
      <h2 id="jobs-title">
        Images <span data-testid="jobs-summary">{`${done} of ${views.length} done`}</span>
      </h2>
      {skipped.length > 0 && (
        <ul className="skipped" aria-label="Skipped">
          {skipped.map((item) => (
            <li key={item.path}>
              {item.path.split(/[\\/]/).pop()}: {item.reason}
            </li>
          ))}
        </ul>
      )}
      <ul className="job-list">
        {views.map((job) => (
          <li
            key={job.id}
            className={`job ${job.state}${props.selected === job.id ? ' selected' : ''}`}
            data-testid="job"
            data-state={job.state}
          >
            <button type="button" className="job-name" onClick={() => props.onSelect(job.id)}>
              {job.name}
            </button>
            <progress
              max={1}
              value={stateProgress(job.state)}
              aria-label={`${job.name} progress`}
            />
            <span className="job-state">{job.state}</span>
            {job.error && <span className="job-error">{job.error.message}</span>}
            {RETRYABLE.has(job.state) && (
              <button type="button" onClick={() => void retry([job.id])}>
                Retry
              </button>
            )}
            {CANCELABLE.has(job.state) && (
              <button type="button" onClick={() => void cancel([job.id])}>
                Cancel
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
