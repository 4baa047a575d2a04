import { useEffect, useState } from 'react';
import type { useIntl } from 'react-intl';
import { SETTLED_STATES } from '../../src-shared/domain/job-states.ts';
import { roundMoney } from '../../src-shared/domain/budget.ts';
import type { MessageId } from '../../src-shared/i18n/catalogues/en.ts';
import { formatMoney, type Formatter } from '../../src-shared/i18n/formats.ts';
import type { VideoRoundView } from '../../src-shared/ipc/contract.ts';
import { VIDEO_LIMITS } from '../../src-shared/domain/limits.ts';

/** The time now, moving once a second while the screen is open. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function duration(intl: Formatter, ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  return s < 90
    ? intl.formatMessage({ id: 'round.seconds' }, { seconds: s })
    : intl.formatMessage({ id: 'round.minutes' }, { minutes: Math.round(s / 60) });
}

/** How long a round has run, and how long rounds that finished took on average. */
export function timing(
  intl: Formatter,
  round: VideoRoundView,
  now: number,
  typicalMs: number | null,
): string {
  if (round.state === 'done' && round.submittedAt)
    return intl.formatMessage(
      { id: 'round.took' },
      { time: duration(intl, round.updatedAt - round.submittedAt) },
    );
  if (SETTLED_STATES.has(round.state) || !round.submittedAt) return '';
  const time = duration(intl, now - round.submittedAt);
  return typicalMs === null
    ? intl.formatMessage({ id: 'round.running' }, { time })
    : intl.formatMessage(
        { id: 'round.runningLeft' },
        { time, left: duration(intl, Math.max(0, typicalMs - (now - round.submittedAt))) },
      );
}

/**
 * The clip a round asks for, so its cost reads as the price of that length. The built-in
 * simulator answers every round with one of its few short canned clips, whatever the length
 * asked, so a demo round says its clip is a stand-in rather than promise the length.
 */
export function clipWords(intl: Formatter, round: VideoRoundView): string {
  const { duration: seconds } = round.request;
  if (seconds === VIDEO_LIMITS.autoDuration) return intl.formatMessage({ id: 'round.clip.auto' });
  if (round.demo) {
    return intl.formatMessage(
      { id: 'round.clip.demoStandIn' },
      { seconds: seconds ?? VIDEO_LIMITS.defaultDuration },
    );
  }
  return seconds === undefined
    ? intl.formatMessage({ id: 'round.clip.default' })
    : intl.formatMessage({ id: 'round.clip.seconds' }, { seconds });
}

const MONEY_MESSAGES: Readonly<Record<ReturnType<typeof roundMoney>['kind'], MessageId>> = {
  demo: 'round.money.demo',
  charged: 'round.money.charged',
  estimated: 'round.money.estimated',
};

/** What a round costs or cost: charged, estimated, or what a demo round would cost. */
export function moneyWords(intl: Formatter, round: VideoRoundView): string {
  const { kind, cents } = roundMoney(round);
  return intl.formatMessage({ id: MONEY_MESSAGES[kind] }, { cost: formatMoney(intl, cents) });
}

/** What an export did, in one sentence: the takes copied, and any shot left out. */
export function exportedNote(
  intl: ReturnType<typeof useIntl>,
  folder: string,
  count: number,
  leftOut: readonly number[],
): string {
  const copied = intl.formatMessage({ id: 'project.exported' }, { count, folder });
  if (leftOut.length === 0) return copied;
  const shots = intl.formatList(
    leftOut.map((position) => intl.formatMessage({ id: 'project.shotName' }, { position })),
    { type: 'unit', style: 'short' },
  );
  return intl.formatMessage({ id: 'project.exportedLeftOut' }, { copied, shots });
}

export function promptOf(round: VideoRoundView): string {
  return round.request.content.find((item) => item.type === 'text')?.text ?? '';
}
