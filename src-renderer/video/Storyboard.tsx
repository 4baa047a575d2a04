import { useState, type KeyboardEvent } from 'react';
import { useIntl } from 'react-intl';
import { formatMoney } from '../../src-shared/i18n/formats.ts';
import type { VideoProjectView } from '../../src-shared/ipc/contract.ts';
import { filmFacts, takeSeconds } from './film-facts.ts';
import { ShotThumb } from './ShotThumb.tsx';
import { useVideo } from './video-store.ts';

/** Where a shot card is, so its button keeps the focus after the cards were laid again. */
function focusShot(shotId: string) {
  document.querySelector<HTMLElement>(`[data-shot-card="${CSS.escape(shotId)}"]`)?.focus();
}

/**
 * The shots as a strip of cards under the player: each with its take's first frame, number
 * and length, the one shown outlined, "+" to add one, and the film's length and cost beside
 * them. A card is moved by dragging it onto another, or from the keyboard with Alt and the
 * arrow keys; main swaps neighbours only, so a longer move is that many swaps, in order.
 */
export function Storyboard(props: {
  project: VideoProjectView;
  shotId: string;
  previewBase: string;
  onNote: (message: string | null) => void;
}) {
  const intl = useIntl();
  const { project, onNote } = props;
  const { selectShot, addShot, arrange } = useVideo();
  const [dragged, setDragged] = useState<string | null>(null);
  const facts = filmFacts(project);
  const move = async (shotId: string, by: number) => {
    for (let step = 0; step < Math.abs(by); step += 1) {
      const refused = await arrange('video:move', {
        kind: 'shot',
        id: shotId,
        by: by < 0 ? -1 : 1,
      });
      if (refused) return onNote(refused);
    }
    focusShot(shotId);
  };
  const onKey = (event: KeyboardEvent, shotId: string) => {
    if (!event.altKey || (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight')) return;
    event.preventDefault();
    void move(shotId, event.key === 'ArrowLeft' ? -1 : 1);
  };
  return (
    <nav className="storyboard" aria-label={intl.formatMessage({ id: 'project.shots' })}>
      <ol className="shot-cards">
        {project.shots.map((s, index) => {
          const seconds = takeSeconds(s);
          return (
            <li
              key={s.id}
              draggable
              className={dragged === s.id ? 'dragged' : undefined}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', s.id);
                setDragged(s.id);
              }}
              onDragEnd={() => setDragged(null)}
              onDragOver={(event) => {
                if (dragged) event.preventDefault();
              }}
              onDrop={(event) => {
                event.preventDefault();
                const from = project.shots.findIndex((other) => other.id === dragged);
                setDragged(null);
                if (dragged && from >= 0 && from !== index) void move(dragged, index - from);
              }}
            >
              <button
                type="button"
                className="shot-card"
                aria-pressed={s.id === props.shotId}
                aria-describedby="storyboard-keys"
                data-shot-card={s.id}
                onClick={() => selectShot(s.id)}
                onKeyDown={(event) => onKey(event, s.id)}
              >
                <ShotThumb shot={s} previewBase={props.previewBase} />
                <span className="shot-name">
                  {intl.formatMessage(
                    { id: 'project.shotButton' },
                    { position: s.position, rounds: s.rounds.length },
                  )}
                </span>
                {seconds !== null && (
                  <span className="hint">
                    {intl.formatMessage({ id: 'round.seconds' }, { seconds })}
                  </span>
                )}
              </button>
            </li>
          );
        })}
        <li>
          <button
            type="button"
            className="shot-card add-shot"
            aria-label={intl.formatMessage({ id: 'project.addShot' })}
            title={intl.formatMessage({ id: 'project.addShot' })}
            onClick={() => void addShot()}
          >
            +
          </button>
        </li>
      </ol>
      <p className="film-total hint" data-testid="film-total">
        {intl.formatMessage(
          { id: facts.demo ? 'project.filmTotalDemo' : 'project.filmTotal' },
          { seconds: facts.seconds, cost: formatMoney(intl, facts.cents) },
        )}
      </p>
      <p id="storyboard-keys" className="hint storyboard-keys">
        {intl.formatMessage({ id: 'project.storyboardKeys' })}
      </p>
    </nav>
  );
}
