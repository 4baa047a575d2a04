import { useState, type ReactNode } from 'react';
import { FINAL_STATES } from '../../src-shared/domain/job-states.ts';
import { hasClip, takeOf } from '../../src-shared/domain/film-takes.ts';
import type {
  VideoProjectView,
  VideoRoundView,
  VideoShotView,
} from '../../src-shared/ipc/contract.ts';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { useVideo } from './video-store.ts';

/** Said under the list: main's refusal, or null when the change went through. */
type Note = (message: string | null) => void;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What removing takes off the list (`what`), and what it leaves where it is. */
function removalWords(what: string, rounds: readonly VideoRoundView[]): string {
  const clips = rounds.filter(hasClip).length;
  const kept =
    clips === 0
      ? 'What was spent on it stays in your spending.'
      : `${clips === 1 ? 'The clip saved stays where it is' : `The ${clips} clips saved stay where they are`}, and what was spent stays in your spending.`;
  return `${what} leaves the list. ${kept}`;
}

/** Asks once before taking something off the list, saying what goes and what stays. */
function ConfirmRemove(props: {
  title: string;
  body: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  return (
    <Dialog label={props.title} className="confirm-modal" onEscape={props.onClose}>
      <section className="confirm-box">
        <h2>{props.title}</h2>
        <p>{props.body}</p>
        <div className="actions">
          <span className="spacer" />
          <button type="button" onClick={props.onClose}>
            Keep it
          </button>
          <Button variant="danger" onClick={() => void props.onConfirm().then(props.onClose)}>
            Remove
          </Button>
        </div>
      </section>
    </Dialog>
  );
}

/** A remove button and the question it asks. */
function RemoveButton(props: {
  label: string;
  title: string;
  body: string;
  onConfirm: () => Promise<void>;
}) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setAsking(true)}>
        {props.label}
      </button>
      {asking && (
        <ConfirmRemove
          title={props.title}
          body={props.body}
          onConfirm={props.onConfirm}
          onClose={() => setAsking(false)}
        />
      )}
    </>
  );
}

/** Rename, move and remove the project shown. */
export function ProjectTools(props: { project: VideoProjectView; onNote: Note }) {
  const { project, onNote } = props;
  const arrange = useVideo((state) => state.arrange);
  const [renaming, setRenaming] = useState(false);
  const rounds = project.shots.flatMap((shot) => shot.rounds);
  const move = (by: -1 | 1) =>
    void arrange('video:move', { kind: 'project', id: project.id, by }).then(onNote);
  return (
    <span className="arrange-tools" role="group" aria-label="Project">
      {renaming ? (
        <form
          className="rename-form"
          onSubmit={(event) => {
            event.preventDefault();
            const field = event.currentTarget.elements.namedItem('rename') as HTMLInputElement;
            void arrange('video:renameProject', { projectId: project.id, name: field.value }).then(
              (refused) => {
                onNote(refused);
                if (!refused) setRenaming(false);
              },
            );
          }}
        >
          <input name="rename" aria-label="Project name" defaultValue={project.name} autoFocus />
          <button type="submit">Save name</button>
          <button type="button" onClick={() => setRenaming(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <button type="button" onClick={() => setRenaming(true)}>
          Rename…
        </button>
      )}
      <button type="button" onClick={() => move(-1)} aria-label={`Earlier: ${project.name}`}>
        Earlier
      </button>
      <button type="button" onClick={() => move(1)} aria-label={`Later: ${project.name}`}>
        Later
      </button>
      <RemoveButton
        label="Remove project…"
        title={`Remove ${project.name}?`}
        body={removalWords(
          `${project.name}, with its ${plural(project.shots.length, 'shot')} and ${plural(rounds.length, 'round')},`,
          rounds,
        )}
        onConfirm={() => arrange('video:remove', { kind: 'project', id: project.id }).then(onNote)}
      />
    </span>
  );
}

/** Move and remove the shot shown. */
export function ShotTools(props: { shot: VideoShotView; onNote: Note }) {
  const { shot, onNote } = props;
  const arrange = useVideo((state) => state.arrange);
  const move = (by: -1 | 1) =>
    void arrange('video:move', { kind: 'shot', id: shot.id, by }).then(onNote);
  return (
    <span className="arrange-tools" role="group" aria-label={`Shot ${shot.position}`}>
      <button
        type="button"
        onClick={() => move(-1)}
        aria-label={`Move earlier: shot ${shot.position}`}
      >
        Move earlier
      </button>
      <button
        type="button"
        onClick={() => move(1)}
        aria-label={`Move later: shot ${shot.position}`}
      >
        Move later
      </button>
      <RemoveButton
        label="Remove shot…"
        title={`Remove shot ${shot.position}?`}
        body={removalWords(
          `Shot ${shot.position}, with its ${plural(shot.rounds.length, 'round')},`,
          shot.rounds,
        )}
        onConfirm={() => arrange('video:remove', { kind: 'shot', id: shot.id }).then(onNote)}
      />
    </span>
  );
}

/** A round's place in its shot: its take, its order, its removal. */
export function RoundTools(props: { shot: VideoShotView; round: VideoRoundView; onNote: Note }) {
  const { shot, round, onNote } = props;
  const arrange = useVideo((state) => state.arrange);
  const isTake = takeOf(shot)?.id === round.id;
  const name = `round ${round.position}`;
  const move = (by: -1 | 1) =>
    void arrange('video:move', { kind: 'round', id: round.id, by }).then(onNote);
  let take: ReactNode = null;
  if (hasClip(round)) {
    take = (
      <button
        type="button"
        aria-pressed={isTake}
        title={
          isTake
            ? 'The film uses this round for the shot. Press to go back to the newest round.'
            : 'Use this round for the shot in the film.'
        }
        onClick={() =>
          void arrange('video:chooseTake', {
            shotId: shot.id,
            roundId: isTake && shot.chosenTakeId === round.id ? null : round.id,
          }).then(onNote)
        }
      >
        {isTake ? 'The shot’s take' : 'Use as take'}
      </button>
    );
  }
  return (
    <>
      {take}
      <button type="button" onClick={() => move(-1)} aria-label={`Up: ${name}`}>
        Up
      </button>
      <button type="button" onClick={() => move(1)} aria-label={`Down: ${name}`}>
        Down
      </button>
      {FINAL_STATES.has(round.state) && (
        <RemoveButton
          label="Remove…"
          title={`Remove ${name} of shot ${shot.position}?`}
          body={removalWords(`Round ${round.position}`, [round])}
          onConfirm={() => arrange('video:remove', { kind: 'round', id: round.id }).then(onNote)}
        />
      )}
    </>
  );
}
