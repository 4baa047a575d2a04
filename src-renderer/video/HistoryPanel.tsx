import { useState } from 'react';
import { useIntl } from 'react-intl';
import { videoPhase } from '../../src-shared/api/video.ts';
import type { MessageId } from '../../src-shared/i18n/catalogues/en.ts';
import { formatMoment, type Formatter } from '../../src-shared/i18n/formats.ts';
import type { InvokeResponse, VideoProjectView } from '../../src-shared/ipc/contract.ts';
import { bridge } from '../bridge.ts';
import { useVideo } from './video-store.ts';

type Task = InvokeResponse<'video:history'>['tasks'][number];

/** What this window knows of a task: the round that holds it, its prompt and where it is. */
interface Known {
  prompt: string | null;
  place: string;
}

function knownRounds(intl: Formatter, projects: readonly VideoProjectView[]): Map<string, Known> {
  const known = new Map<string, Known>();
  for (const project of projects) {
    for (const shot of project.shots) {
      for (const round of shot.rounds) {
        const text = round.request.content.find((item) => item.type === 'text')?.text;
        known.set(round.id, {
          prompt: round.promptUnknown ? null : (text ?? null),
          place: intl.formatMessage(
            { id: 'history.place' },
            { project: project.name, shot: shot.position, round: round.position },
          ),
        });
      }
    }
  }
  return known;
}

const PHASE_WORDS = {
  'in-progress': 'history.phase.in-progress',
  succeeded: 'history.phase.succeeded',
  failed: 'history.phase.failed',
} as const satisfies Record<string, MessageId>;

/** The service's status in plain words; a word nobody has listed is shown as the service says it. */
function statusWords(intl: Formatter, status: string): string {
  const phase = videoPhase(status);
  return phase === 'unknown' ? status : intl.formatMessage({ id: PHASE_WORDS[phase] });
}

/** The service's own list of recent tasks, including those started elsewhere; any can join a shot. */
export function HistoryPanel(props: { shotId: string; shotLabel: string }) {
  const intl = useIntl();
  const [tasks, setTasks] = useState<Task[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const projects = useVideo((state) => state.projects);
  const known = knownRounds(intl, projects);
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
      <summary>{intl.formatMessage({ id: 'history.title' })}</summary>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {tasks?.length === 0 && <p className="hint">{intl.formatMessage({ id: 'history.empty' })}</p>}
      <ul className="round-list" aria-label={intl.formatMessage({ id: 'history.title' })}>
        {tasks?.map((task) => {
          const round = task.roundId ? known.get(task.roundId) : undefined;
          return (
            <li key={task.id} className="round" data-testid="service-task">
              <span className="round-title">
                {round?.prompt ?? <em>{intl.formatMessage({ id: 'history.promptUnknown' })}</em>}
              </span>
              <span className="job-state">{statusWords(intl, task.status)}</span>
              <span className="hint">
                {task.createdAt
                  ? intl.formatMessage(
                      { id: 'history.taskAt' },
                      { date: formatMoment(intl, new Date(task.createdAt)), id: task.id },
                    )
                  : intl.formatMessage({ id: 'history.task' }, { id: task.id })}
              </span>
              <span className="job-actions">
                {task.roundId ? (
                  <span className="task-shot">
                    {round?.place ?? intl.formatMessage({ id: 'history.inAShot' })}
                  </span>
                ) : (
                  <button type="button" onClick={() => void attach(task.id)}>
                    {intl.formatMessage({ id: 'history.add' }, { shot: props.shotLabel })}
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
