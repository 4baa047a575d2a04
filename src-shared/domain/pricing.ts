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
  seconds: number;
  /** True when the model picks the length (auto mode) and the figure is the upper bound. */
  upperBound: boolean;
}

/** Money is counted in whole cents so sums of many rounds do not drift. */
export function toCents(usd: number): number {
  return Math.round(usd * 100);
}

export function estimateVideoCost(duration: number | undefined, tier: PricingTier): CostEstimate {
  const requested = duration ?? VIDEO_LIMITS.defaultDuration;
  const upperBound = requested === VIDEO_LIMITS.autoDuration;
  const seconds = upperBound ? VIDEO_LIMITS.autoDurationUpperBound : requested;
  const cents = Math.round(seconds * PRICE_PER_SECOND_USD[tier] * 100);
  return { usd: cents / 100, seconds, upperBound };
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
