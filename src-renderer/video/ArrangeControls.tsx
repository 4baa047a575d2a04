import { useState } from 'react';
import { useIntl } from 'react-intl';
import { hasClip } from '../../src-shared/domain/film-takes.ts';
import type { Formatter } from '../../src-shared/i18n/formats.ts';
import type { VideoRoundView, VideoShotView } from '../../src-shared/ipc/contract.ts';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { useVideo } from './video-store.ts';

/** Said under the list: main's refusal, or null when the change went through. */
export type Note = (message: string | null) => void;

/** What removing takes off the list (`leaves`, a sentence), and what it leaves where it is. */
export function removalWords(
  intl: Formatter,
  leaves: string,
  rounds: readonly VideoRoundView[],
): string {
  const clips = rounds.filter(hasClip).length;
  const kept =
    clips === 0
      ? intl.formatMessage({ id: 'arrange.keptNoClips' })
      : intl.formatMessage({ id: 'arrange.keptClips' }, { clips });
  return intl.formatMessage({ id: 'arrange.body' }, { leaves, kept });
}

/** Asks once before taking something off the list, saying what goes and what stays. */
export function ConfirmRemove(props: {
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
