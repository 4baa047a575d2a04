import { useState } from 'react';
import type { InvokeResponse } from '../../src-shared/ipc/contract.ts';
import { bridge } from '../bridge.ts';

type Task = InvokeResponse<'video:history'>['tasks'][number];

/** The service's own list of recent tasks, including those started elsewhere; any can join a shot. */
export function HistoryPanel(props: { shotId: string; shotLabel: string }) {
  const [tasks, setTasks] = useState<Task[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const refresh = async () => {
    const result = await bridge().invoke('video:history');
    if (result.ok) {
      setTasks(result.value.tasks);
      setError(null);
    } else setError(result.error.message);
  };
  const attach = async (taskId: string) => {
    const result = await bridge().invoke('video:attach', { taskId, shotId: props.shotId });
    if (!result.ok) return setError(result.error.message);
    // The round reaches the shot with main's video:changed event; this list needs only to
    // say the task is held now, which the answer tells without asking the service again.
    const { roundId } = result.value;
    setError(null);
    setTasks(
      (shown) => shown?.map((task) => (task.id === taskId ? { ...task, roundId } : task)) ?? null,
    );
  };
  return (
    <details className="history" onToggle={(event) => event.currentTarget.open && void refresh()}>
      <summary>Tasks on the service</summary>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {tasks?.length === 0 && (
        <p className="hint">The service lists no tasks from the last days.</p>
      )}
      <ul className="round-list" aria-label="Tasks on the service">
        {tasks?.map((task) => (
          <li key={task.id} className="round" data-testid="service-task">
            <span className="round-title">{task.id}</span>
            <span className="job-state">{task.status}</span>
            <span className="hint">
              {task.createdAt ? new Date(task.createdAt).toLocaleString() : ''} {task.model ?? ''}
            </span>
            <span className="job-actions">
              {task.roundId ? (
                <span className="hint">in a shot</span>
              ) : (
                <button type="button" onClick={() => void attach(task.id)}>
                  Add to {props.shotLabel}
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
    </details>
  );
}
