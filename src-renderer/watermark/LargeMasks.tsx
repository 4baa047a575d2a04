import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { LARGE_MASK_SHARE, isLargeMask } from '../../src-shared/domain/limits.ts';
import { formatPercent, type Formatter } from '../../src-shared/i18n/formats.ts';
import { bridge } from '../bridge.ts';
import { Button } from '../ui/Button.tsx';
import { paidFiles } from './start-plan.ts';
import { useWorkspace } from './workspace-store.ts';

/** How much of each image Start would pay for its mask covers, by token. */
type Shares = Record<string, number>;

/** A share as the window shows it: whole percent, one decimal below 1 %. */
const percent = (intl: Formatter, share: number) =>
  formatPercent(intl, share, share < 0.01 ? 1 : 0);

/** The shares of the masks of the images Start would send to the service, from the core. */
async function paidShares(): Promise<Shares> {
  const state = useWorkspace.getState();
  const items = paidFiles(state.staged, state).flatMap((file) => {
    const strokes = state.masks[file.token];
    return strokes && strokes.length > 0 ? [{ token: file.token, strokes }] : [];
  });
  if (items.length === 0) return {};
  const result = await bridge().invoke('mask:shares', { items });
  if (!result.ok) return {};
  return Object.fromEntries(
    items.flatMap((item, i) => {
      const share = result.value.shares[i];
      return share === null || share === undefined ? [] : [[item.token, share]];
    }),
  );
}

export interface MaskQuestion {
  /** The shares of the masks Start would pay for, as last read. */
  shares: Shares;
  /** The large masks Start asks about, largest first, while it asks. */
  asking: Array<[token: string, share: number]> | null;
  /** Start: asks first when a mask it pays for is large, else starts. */
  start: () => Promise<void>;
  send: () => void;
  byHand: () => void;
}

/**
 * Start's question about large masks. A mask over `LARGE_MASK_SHARE` of its image is asked
 * about before anything is sent: the service repaints all of it, so it is more likely a
 * slip or a false region than a watermark. Nothing is sent until the answer; "Mark by
 * hand" opens the largest in the mask editor.
 */
export function useMaskQuestion(): MaskQuestion {
  const ws = useWorkspace();
  const [shares, setShares] = useState<Shares>({});
  const [asking, setAsking] = useState<MaskQuestion['asking']>(null);
  useEffect(() => {
    let current = true;
    void paidShares().then((next) => current && setShares(next));
    return () => {
      current = false;
    };
  }, [ws.staged, ws.masks, ws.local, ws.unsure, ws.again]);
  return {
    shares,
    asking,
    start: async () => {
      // Asked of the masks as they are now, not as the line beside Start last read them.
      const large = Object.entries(await paidShares())
        .filter(([, share]) => isLargeMask(share))
        .sort((a, b) => b[1] - a[1]);
      if (large.length > 0) setAsking(large);
      else await ws.start();
    },
    send: () => {
      setAsking(null);
      void ws.start();
    },
    byHand: () => {
      const largest = asking?.[0];
      setAsking(null);
      if (largest) ws.edit(largest[0]);
    },
  };
}

/** What the masks Start pays for cover: "The masks cover 1 % to 36 % of their images." */
export function MaskShareNote(props: { shares: Shares }) {
  const intl = useIntl();
  const values = Object.values(props.shares);
  if (values.length === 0) return null;
  const [smallest, largest] = [
    percent(intl, Math.min(...values)),
    percent(intl, Math.max(...values)),
  ];
  return (
    <p className="hint" data-testid="mask-share">
      {intl.formatMessage(
        { id: 'masks.share' },
        { count: values.length, same: smallest === largest ? 'yes' : 'no', smallest, largest },
      )}
    </p>
  );
}

/** The question itself: how many images, their largest share, and the two answers. */
export function LargeMaskQuestion(props: { question: MaskQuestion }) {
  const intl = useIntl();
  const { asking, send, byHand } = props.question;
  const largest = asking?.[0];
  if (!asking || !largest) return null;
  return (
    <div
      className="large-masks"
      role="group"
      aria-label={intl.formatMessage({ id: 'images.largeMasks.label' })}
      data-testid="large-masks"
    >
      <p>
        {intl.formatMessage(
          { id: 'masks.largeShare' },
          {
            count: asking.length,
            limit: percent(intl, LARGE_MASK_SHARE),
            largest: percent(intl, largest[1]),
          },
        )}{' '}
        {intl.formatMessage({ id: 'images.largeMasks.ask' }, { count: asking.length })}
      </p>
      <Button onClick={send}>{intl.formatMessage({ id: 'images.largeMasks.send' })}</Button>
      {/* The answer that spends nothing is the one a hurried Enter picks. */}
      <Button variant="primary" onClick={byHand}>
        {intl.formatMessage({ id: 'images.largeMasks.byHand' })}
      </Button>
    </div>
  );
}
