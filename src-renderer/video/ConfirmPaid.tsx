import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { formatMoney, type Formatter } from '../../src-shared/i18n/formats.ts';
import { estimateVideoCost, type PricingTier } from '../../src-shared/domain/pricing.ts';
import { PaidQuestion } from '../components/PaidQuestion.tsx';
import { useSettings } from '../settings/settings-store.ts';

/** A paid request waiting for its yes: what it does, what it costs, and what sends it. */
export interface PaidAsk {
  /** What will be sent, as the start of a question: "Send a copy of round 2". */
  what: string;
  /** The estimate in cents, from the pricing rules (a round's own estimate, or a new one). */
  cents: number;
  /** True when the model picks the length and the figure is the most it can cost. */
  upperBound?: boolean;
  send: () => Promise<unknown>;
}

/** The tier's estimate for a round of `duration` seconds, as a `PaidAsk` wants it. */
export function paidEstimate(
  duration: number | undefined,
  tier: PricingTier,
): Pick<PaidAsk, 'cents' | 'upperBound'> {
  const estimate = estimateVideoCost(duration, tier);
  return { cents: estimate.cents, upperBound: estimate.upperBound };
}

/** The question a paid action asks: what it sends and, before the yes, what it costs. */
export function paidQuestion(
  intl: Formatter,
  paid: Pick<PaidAsk, 'what' | 'cents' | 'upperBound'>,
) {
  return intl.formatMessage(
    { id: paid.upperBound ? 'round.paidUpTo' : 'round.paidAbout' },
    { what: paid.what, cost: formatMoney(intl, paid.cents) },
  );
}

/** The pricing tier the estimates use, from the settings. */
export function usePricingTier(): PricingTier {
  return useSettings((state) => state.settings?.pricingTier ?? 'starter');
}

/**
 * Every paid action of the video workspace goes through this: the action's button only asks,
 * and one more click on "Confirm and send" sends. `ask` opens the question; `prompt` is the
 * question to render (nothing while no question is open).
 */
export function useConfirmPaid(): {
  ask: (paid: PaidAsk) => void;
  prompt: ReactNode;
} {
  const intl = useIntl();
  const [open, setOpen] = useState<PaidAsk | null>(null);
  const [sending, setSending] = useState(false);
  const prompt = open && (
    <PaidQuestion
      label={intl.formatMessage({ id: 'round.paidLabel' })}
      question={paidQuestion(intl, open)}
      sending={sending}
      onConfirm={() => {
        setSending(true);
        void open.send().finally(() => {
          setSending(false);
          setOpen(null);
        });
      }}
      onBack={() => setOpen(null)}
    />
  );
  return { ask: setOpen, prompt };
}
