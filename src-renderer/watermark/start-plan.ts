import type { Stroke } from '../../src-shared/domain/strokes.ts';
import type { StagedFile } from '../../src-shared/ipc/contract.ts';
import { formatCredits, type Formatter } from '../../src-shared/i18n/formats.ts';

/** What Start will do with the staged images, for its label: what it spends, and on what. */
export interface StartPlan {
  /** Images that will be sent to the service: one credit each. */
  paid: number;
  /** Images cleaned on this computer: free. */
  free: number;
  /** Images cleaned before with the mask they have now: left out, unless "Clean again". */
  leftOut: number;
  /**
   * Images cleaned before whose earlier mask is not known here (a mask file): the core
   * leaves them out when the masks match, so `paid` is then an upper bound.
   */
  maybeLeftOut: number;
  /** Images Find the watermark was not sure of: held back, not sent, until marked. */
  unsure: number;
}

/** One mask drawn the same way as another: what the core's mask key would say. */
function sameStrokes(a: readonly Stroke[], b: readonly Stroke[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** What the workspace holds that decides where each staged image goes. */
interface PlanState {
  masks: Readonly<Record<string, Stroke[]>>;
  again: Readonly<Record<string, true>>;
  local: Readonly<Record<string, string>>;
  unsure: Readonly<Record<string, true>>;
}

/**
 * Where Start sends one image, by the rules the core applies when it is added
 * (`leaveOutCleaned`): an image cleaned before with the mask it has now stays out unless its
 * "Clean again" is ticked; one the finder was not sure of is held back.
 */
function wayOf(file: StagedFile, state: PlanState): 'unsure' | 'left-out' | 'free' | 'paid' {
  if (state.unsure[file.token]) return 'unsure';
  const redo = state.again[file.token] === true;
  if (
    file.cleaned &&
    !redo &&
    file.cleanedWith !== undefined &&
    sameStrokes(state.masks[file.token] ?? [], file.cleanedWith)
  ) {
    return 'left-out';
  }
  return state.local[file.token] ? 'free' : 'paid';
}

/** The images Start sends, pays for and leaves out (see `wayOf`). */
export function startPlan(staged: readonly StagedFile[], state: PlanState): StartPlan {
  const plan: StartPlan = { paid: 0, free: 0, leftOut: 0, maybeLeftOut: 0, unsure: 0 };
  for (const file of staged) {
    const way = wayOf(file, state);
    if (way === 'unsure') plan.unsure += 1;
    else if (way === 'left-out') plan.leftOut += 1;
    else if (way === 'free') plan.free += 1;
    else plan.paid += 1;
    if (way !== 'unsure' && file.cleaned && !state.again[file.token] && !file.cleanedWith) {
      plan.maybeLeftOut += 1;
    }
  }
  return plan;
}

/** The staged files Start sends to the service, paid for: those a mask's share is asked of. */
export function paidFiles(staged: readonly StagedFile[], state: PlanState): StagedFile[] {
  return staged.filter((file) => wayOf(file, state) === 'paid');
}

/**
 * Start's label: what it spends and on what ("Start – 12 credits for 12 images; 18 left out:
 * cleaned before"), free when nothing is paid, and what is left out when nothing is sent.
 */
export function startLabel(intl: Formatter, plan: StartPlan): string {
  const { paid, free, leftOut, maybeLeftOut } = plan;
  if (paid + free + maybeLeftOut === 0) {
    return leftOut === 0
      ? intl.formatMessage({ id: 'images.startOnlyUnsure' })
      : intl.formatMessage({ id: 'images.startNothing' }, { left: leftOut });
  }
  if (paid + maybeLeftOut === 0) {
    return intl.formatMessage({ id: 'images.startFree' }, { left: leftOut });
  }
  return intl.formatMessage(
    { id: maybeLeftOut > 0 ? 'images.startUpTo' : 'images.start' },
    {
      credits: formatCredits(intl, paid + maybeLeftOut),
      count: paid + maybeLeftOut,
      free,
      left: leftOut,
    },
  );
}
