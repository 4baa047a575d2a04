import { DEFAULT_VIDEO_MODEL } from '../../src-shared/domain/limits.ts';
import type { PricingTier } from '../../src-shared/domain/pricing.ts';
import { keyId } from './request-log.ts';

/** The key demo mode uses; it always exists and is not a secret. */
export const DEMO_KEY = 'clearframe-demo-key';

/**
 * The key demo mode's previews are sent with. A preview is free in demo mode, so it runs
 * under an account of its own that nobody is shown: the demo credits the window shows are
 * taken by cleaned images only.
 */
export const DEMO_PREVIEW_KEY = 'clearframe-demo-preview-key';

export interface AccountSpec {
  key: string;
  /** Watermark credits in total (`limit`) and already used (`usage`). */
  credits?: number;
  creditsUsed?: number;
  balanceUsd?: number;
  tier?: PricingTier;
  enabledModels?: string[];
}

export class Account {
  readonly id: string;
  creditLimit: number;
  creditUsage: number;
  /** Money in whole cents so repeated charges do not drift. */
  balanceCents: number;
  /** Estimates of accepted video tasks not yet charged; they are not spendable. */
  reservedCents = 0;
  tier: PricingTier;
  enabledModels: Set<string>;

  constructor(spec: AccountSpec) {
    this.id = keyId(spec.key);
    this.creditLimit = spec.credits ?? 500;
    this.creditUsage = spec.creditsUsed ?? 0;
    this.balanceCents = Math.round((spec.balanceUsd ?? 100) * 100);
    this.tier = spec.tier ?? 'starter';
    this.enabledModels = new Set(spec.enabledModels ?? [DEFAULT_VIDEO_MODEL]);
  }

  get creditsRemaining(): number {
    return Math.max(0, this.creditLimit - this.creditUsage);
  }

  get spendableCents(): number {
    return this.balanceCents - this.reservedCents;
  }
}

export class Accounts {
  private readonly byKey = new Map<string, Account>();

  constructor(specs: readonly AccountSpec[]) {
    this.add({ key: DEMO_KEY, credits: 1000, balanceUsd: 50 });
    this.add({ key: DEMO_PREVIEW_KEY, credits: Number.MAX_SAFE_INTEGER, balanceUsd: 0 });
    for (const spec of specs) this.add(spec);
  }

  add(spec: AccountSpec): Account {
    const account = new Account(spec);
    this.byKey.set(spec.key, account);
    return account;
  }

  find(key: string | undefined): Account | undefined {
    return key === undefined ? undefined : this.byKey.get(key);
  }
}

/** The key from `Authorization: Bearer <key>`, or undefined. */
export function bearerKey(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}
