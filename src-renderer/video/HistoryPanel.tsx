import { useState } from 'react';
import { videoPhase } from '../../src-shared/api/video.ts';
import type { InvokeResponse, VideoProjectView } from '../../src-shared/ipc/contract.ts';
import { bridge } from '../bridge.ts';
import { useVideo } from './video-store.ts';

type Task = InvokeResponse<'video:history'>['tasks'][number];

/** What this window knows of a task: the round that holds it, its prompt and where it is. */
interface Known {
  prompt: string | null;
  place: string;
}

function knownRounds(projects: readonly VideoProjectView[]): Map<string, Known> {
  const known = new Map<string, Known>();
  for (const project of projects) {
    for (const shot of project.shots) {
      for (const round of shot.rounds) {
        const text = round.request.content.find((item) => item.type === 'text')?.text;
        known.set(round.id, {
          prompt: round.promptUnknown ? null : (text ?? null),
          place: `in ${project.name}, shot ${shot.position}, round ${round.position}`,
        });
      }
    }
  }
  return known;
}

const PHASE_WORDS = {
  'in-progress': 'in progress',
  succeeded: 'finished',
  failed: 'failed',
} as const;

/** The service's status in plain words; a word nobody has listed is shown as the service says it. */
function statusWords(status: string): string {
  const phase = videoPhase(status);
  return phase === 'unknown' ? status : PHASE_WORDS[phase];
}

/** The service's own list of recent tasks, including those started elsewhere; any can join a shot. */
export function HistoryPanel(props: { shotId: string; shotLabel: string }) {
  const [tasks, setTasks] = useState<Task[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const projects = useVideo((state) => state.projects);
  const known = knownRounds(projects);
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
        {tasks?.map((task) => {
          const round = task.roundId ? known.get(task.roundId) : undefined;
          return (
            <li key={task.id} className="round" data-testid="service-task">
              <span className="round-title">
                {round?.prompt ?? <em>prompt not known here (started elsewhere)</em>}
              </span>
              <span className="job-state">{statusWords(task.status)}</span>
              <span className="hint">
                {task.createdAt ? `${new Date(task.createdAt).toLocaleString()} · ` : ''}task{' '}
                {task.id}
              </span>
              <span className="job-actions">
                {task.roundId ? (
                  <span className="task-shot">{round?.place ?? 'in a shot'}</span>
                ) : (
                  <button type="button" onClick={() => void attach(task.id)}>
                    Add to {props.shotLabel}
                  </button>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
