import { VIDEO_LIMITS } from './limits.ts';

export const PRICING_TIERS = ['starter', 'enterprise'] as const;
export type PricingTier = (typeof PRICING_TIERS)[number];

/** USD per second of output, from the service interface (section 8). */
export const PRICE_PER_SECOND_USD: Readonly<Record<PricingTier, number>> = {
  starter: 0.22,
  enterprise: 0.16,
};

/** Watermark credits one image uses: the service takes one each time it accepts an image. */
export const CREDITS_PER_IMAGE = 1;

/** What sending `images` images costs, as a person reads it: "1 credit", "31 credits". */
export function formatCredits(images: number): string {
  const credits = images * CREDITS_PER_IMAGE;
  return `${credits} credit${credits === 1 ? '' : 's'}`;
}

export interface CostEstimate {
  /** In USD, rounded to the cent. */
  usd: number;
  /** The same figure in whole cents, as money is counted and stored. */
  cents: number;
  seconds: number;
  /** True when the model picks the length (auto mode) and the figure is the upper bound. */
  upperBound: boolean;
  /** The tier's price the figure was made with. */
  pricePerSecondUsd: number;
}

/** Money is counted in whole cents so sums of many rounds do not drift. */
export function toCents(usd: number): number {
  return Math.round(usd * 100);
}

/** What `seconds` of output cost at the tier's price, in cents: the charge for a finished round. */
export function chargeCents(seconds: number, tier: PricingTier): number {
  return Math.round(seconds * PRICE_PER_SECOND_USD[tier] * 100);
}

/**
 * The one estimate of what a round costs, used wherever a cost is shown, checked or stored:
 * the window's editor and every confirmation, the command line, the engine and the queue's
 * total. `duration` is the request's (none: the service's default; the auto mode's -1: the
 * longest the model may choose, shown as an upper bound).
 */
export function estimateVideoCost(duration: number | undefined, tier: PricingTier): CostEstimate {
  const requested = duration ?? VIDEO_LIMITS.defaultDuration;
  const upperBound = requested === VIDEO_LIMITS.autoDuration;
  const seconds = upperBound ? VIDEO_LIMITS.autoDurationUpperBound : requested;
  const cents = chargeCents(seconds, tier);
  return {
    usd: cents / 100,
    cents,
    seconds,
    upperBound,
    pricePerSecondUsd: PRICE_PER_SECOND_USD[tier],
  };
}

/**
 * The length a continuation of a round asks for: the same as the round's, except after the
 * auto mode, whose open length does not carry over (the service's default applies).
 */
export function continuationDuration(previous: {
  duration?: number | undefined;
  omni_reference_task_type?: unknown;
}): number | undefined {
  return previous.omni_reference_task_type === undefined ? previous.duration : undefined;
}
