import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { FINAL_STATES } from '../../src-shared/domain/job-states.ts';
import { hasClip, takeOf } from '../../src-shared/domain/film-takes.ts';
import type { Formatter } from '../../src-shared/i18n/formats.ts';
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

/** What removing takes off the list (`leaves`, a sentence), and what it leaves where it is. */
function removalWords(intl: Formatter, leaves: string, rounds: readonly VideoRoundView[]): string {
  const clips = rounds.filter(hasClip).length;
  const kept =
    clips === 0
      ? intl.formatMessage({ id: 'arrange.keptNoClips' })
      : intl.formatMessage({ id: 'arrange.keptClips' }, { clips });
  return intl.formatMessage({ id: 'arrange.body' }, { leaves, kept });
}

/** Asks once before taking something off the list, saying what goes and what stays. */
function ConfirmRemove(props: {
  title: string;
  body: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const intl = useIntl();
  return (
    <Dialog label={props.title} className="confirm-modal" onEscape={props.onClose}>
      <section className="confirm-box">
        <h2>{props.title}</h2>
        <p>{props.body}</p>
        <div className="actions">
          <span className="spacer" />
          <button type="button" onClick={props.onClose}>
            {intl.formatMessage({ id: 'arrange.keepIt' })}
          </button>
          <Button variant="danger" onClick={() => void props.onConfirm().then(props.onClose)}>
            {intl.formatMessage({ id: 'arrange.remove' })}
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
  const intl = useIntl();
  const { project, onNote } = props;
  const arrange = useVideo((state) => state.arrange);
  const [renaming, setRenaming] = useState(false);
  const rounds = project.shots.flatMap((shot) => shot.rounds);
  const move = (by: -1 | 1) =>
    void arrange('video:move', { kind: 'project', id: project.id, by }).then(onNote);
  return (
    <span
      className="arrange-tools"
      role="group"
      aria-label={intl.formatMessage({ id: 'arrange.project' })}
    >
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
          <input
            name="rename"
            aria-label={intl.formatMessage({ id: 'arrange.projectName' })}
            defaultValue={project.name}
            autoFocus
          />
          <button type="submit">{intl.formatMessage({ id: 'arrange.saveName' })}</button>
          <button type="button" onClick={() => setRenaming(false)}>
            {intl.formatMessage({ id: 'arrange.cancel' })}
          </button>
        </form>
      ) : (
        <button type="button" onClick={() => setRenaming(true)}>
          {intl.formatMessage({ id: 'arrange.rename' })}
        </button>
      )}
      <button
        type="button"
        onClick={() => move(-1)}
        aria-label={intl.formatMessage({ id: 'arrange.earlierOne' }, { name: project.name })}
      >
        {intl.formatMessage({ id: 'arrange.earlier' })}
      </button>
      <button
        type="button"
        onClick={() => move(1)}
        aria-label={intl.formatMessage({ id: 'arrange.laterOne' }, { name: project.name })}
      >
        {intl.formatMessage({ id: 'arrange.later' })}
      </button>
      <RemoveButton
        label={intl.formatMessage({ id: 'arrange.removeProject' })}
        title={intl.formatMessage({ id: 'arrange.removeProjectTitle' }, { name: project.name })}
        body={removalWords(
          intl,
          intl.formatMessage(
            { id: 'arrange.projectLeaves' },
            { name: project.name, shots: project.shots.length, rounds: rounds.length },
          ),
          rounds,
        )}
        onConfirm={() => arrange('video:remove', { kind: 'project', id: project.id }).then(onNote)}
      />
    </span>
  );
}

/** Move and remove the shot shown. */
export function ShotTools(props: { shot: VideoShotView; onNote: Note }) {
  const intl = useIntl();
  const { shot, onNote } = props;
  const { position } = shot;
  const arrange = useVideo((state) => state.arrange);
  const move = (by: -1 | 1) =>
    void arrange('video:move', { kind: 'shot', id: shot.id, by }).then(onNote);
  return (
    <span
      className="arrange-tools"
      role="group"
      aria-label={intl.formatMessage({ id: 'arrange.shot' }, { position })}
    >
      <button
        type="button"
        onClick={() => move(-1)}
        aria-label={intl.formatMessage({ id: 'arrange.moveEarlierShot' }, { position })}
      >
        {intl.formatMessage({ id: 'arrange.moveEarlier' })}
      </button>
      <button
        type="button"
        onClick={() => move(1)}
        aria-label={intl.formatMessage({ id: 'arrange.moveLaterShot' }, { position })}
      >
        {intl.formatMessage({ id: 'arrange.moveLater' })}
      </button>
      <RemoveButton
        label={intl.formatMessage({ id: 'arrange.removeShot' })}
        title={intl.formatMessage({ id: 'arrange.removeShotTitle' }, { position })}
        body={removalWords(
          intl,
          intl.formatMessage(
            { id: 'arrange.shotLeaves' },
            { position, rounds: shot.rounds.length },
          ),
          shot.rounds,
        )}
        onConfirm={() => arrange('video:remove', { kind: 'shot', id: shot.id }).then(onNote)}
      />
    </span>
  );
}

/** A round's place in its shot: its take, its order, its removal. */
export function RoundTools(props: { shot: VideoShotView; round: VideoRoundView; onNote: Note }) {
  const intl = useIntl();
  const { shot, round, onNote } = props;
  const { position } = round;
  const arrange = useVideo((state) => state.arrange);
  const isTake = takeOf(shot)?.id === round.id;
  const move = (by: -1 | 1) =>
    void arrange('video:move', { kind: 'round', id: round.id, by }).then(onNote);
  let take: ReactNode = null;
  if (hasClip(round)) {
    take = (
      <button
        type="button"
        aria-pressed={isTake}
        title={intl.formatMessage({ id: isTake ? 'arrange.isTakeHint' : 'arrange.useTakeHint' })}
        onClick={() =>
          void arrange('video:chooseTake', {
            shotId: shot.id,
            roundId: isTake && shot.chosenTakeId === round.id ? null : round.id,
          }).then(onNote)
        }
      >
        {intl.formatMessage({ id: isTake ? 'arrange.isTake' : 'arrange.useTake' })}
      </button>
    );
  }
  return (
    <>
      {take}
      <button
        type="button"
        onClick={() => move(-1)}
        aria-label={intl.formatMessage({ id: 'arrange.upRound' }, { position })}
      >
        {intl.formatMessage({ id: 'arrange.up' })}
      </button>
      <button
        type="button"
        onClick={() => move(1)}
        aria-label={intl.formatMessage({ id: 'arrange.downRound' }, { position })}
      >
        {intl.formatMessage({ id: 'arrange.down' })}
      </button>
      {FINAL_STATES.has(round.state) && (
        <RemoveButton
          label={intl.formatMessage({ id: 'arrange.removeRound' })}
          title={intl.formatMessage(
            { id: 'arrange.removeRoundTitle' },
            { round: position, shot: shot.position },
          )}
          body={removalWords(
            intl,
            intl.formatMessage({ id: 'arrange.roundLeaves' }, { position }),
            [round],
          )}
          onConfirm={() => arrange('video:remove', { kind: 'round', id: round.id }).then(onNote)}
        />
      )}
    </>
  );
}
