import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { FINAL_STATES } from '../../src-shared/domain/job-states.ts';
import { hasClip, takeOf } from '../../src-shared/domain/film-takes.ts';
import type { VideoRoundView, VideoShotView } from '../../src-shared/ipc/contract.ts';
import type { MessageId } from '../../src-shared/i18n/catalogues/en.ts';
import { bridge } from '../bridge.ts';
import type { MenuAction } from './ActionMenu.tsx';
import { ConfirmRemove, removalWords, type Note } from './ArrangeControls.tsx';
import type { ExtendWay } from './ExtendForms.tsx';
import { useClips } from '../clips/clips-store.ts';
import { useScreen } from '../screen-store.ts';
import { useVideo } from './video-store.ts';

/**
 * A take's clip to the Images screen's Videos area, where its still logo is found and lifted
 * for free like a dropped clip's; a take with no clip on this computer says why instead.
 */
async function cleanTake(roundId: string, onNote: Note): Promise<void> {
  const answer = await bridge().invoke('video:takeFile', { roundId });
  if (!answer.ok) return onNote(answer.error.message);
  useClips.getState().stage([answer.value.path]);
  useScreen.getState().show('Images');
}

/**
 * What a take card's ⋯ menu offers, in the order a creator reaches for it: play it, see its
 * file, the ways on from it, a copy, the take, its place, its removal. Only what the round
 * can do now is listed (a clip to play or extend, a settled round to remove). The removal's
 * question is the one dialog the menu opens itself; the rest go to the card.
 */
export function useRoundMenu(props: {
  shot: VideoShotView;
  round: VideoRoundView;
  onNote: Note;
  onPlay: (id: string) => void;
  onDuplicate: (() => void) | null;
  onExtend: (way: ExtendWay) => void;
}): { actions: MenuAction[]; dialog: ReactNode } {
  const intl = useIntl();
  const { shot, round, onNote } = props;
  const { position } = round;
  const arrange = useVideo((state) => state.arrange);
  const [removing, setRemoving] = useState(false);
  const say = (id: MessageId) => intl.formatMessage({ id });
  const move = (by: -1 | 1) =>
    void arrange('video:move', { kind: 'round', id: round.id, by }).then(onNote);
  const isTake = takeOf(shot)?.id === round.id;
  const actions: MenuAction[] = [];
  if (hasClip(round)) {
    actions.push(
      { label: say('round.play'), onSelect: () => props.onPlay(round.id) },
      {
        label: say('round.showInFolder'),
        onSelect: () => void bridge().invoke('shell:reveal', { jobId: round.id }),
      },
      { label: say('round.extendFromFrameOpen'), onSelect: () => props.onExtend('frame') },
      { label: say('round.extendVideoOpen'), onSelect: () => props.onExtend('video') },
    );
  }
  if (props.onDuplicate)
    actions.push({ label: say('round.duplicate'), onSelect: props.onDuplicate });
  if (hasClip(round)) {
    actions.push({
      label: say('arrange.useTake'),
      checked: isTake,
      // The take chosen by hand is let go by a second choice; the newest clip is then the take.
      onSelect: () =>
        void arrange('video:chooseTake', {
          shotId: shot.id,
          roundId: isTake && shot.chosenTakeId === round.id ? null : round.id,
        }).then(onNote),
    });
    actions.push({
      label: say('round.cleanLogo'),
      onSelect: () => void cleanTake(round.id, onNote),
    });
  }
  actions.push(
    { label: say('round.moveEarlier'), onSelect: () => move(-1) },
    { label: say('round.moveLater'), onSelect: () => move(1) },
  );
  if (FINAL_STATES.has(round.state)) {
    actions.push({ label: say('arrange.removeRound'), onSelect: () => setRemoving(true) });
  }
  const dialog = removing && (
    <ConfirmRemove
      title={intl.formatMessage(
        { id: 'arrange.removeRoundTitle' },
        { round: position, shot: shot.position },
      )}
      body={removalWords(intl, intl.formatMessage({ id: 'arrange.roundLeaves' }, { position }), [
        round,
      ])}
      onConfirm={() => arrange('video:remove', { kind: 'round', id: round.id }).then(onNote)}
      onClose={() => setRemoving(false)}
    />
  );
  return { actions, dialog };
}
