import { createHash } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { pastCap } from '../../src-shared/domain/budget.ts';
import { localDay } from '../../src-shared/domain/calendar-month.ts';
import { formatMoney } from '../../src-shared/i18n/formats.ts';
import { writeFileAtomic } from '../core/fs/atomic-write.ts';
import { coreIntl, said } from '../core/i18n/core-words.ts';
import { readStoredFile } from '../core/jobs/store/stored-json.ts';
import { UserFacingError } from '../core/user-error.ts';

/** What the person allows the agent door to commit per day (this computer's calendar day). */
export interface AllowanceLimits {
  creditsPerDay: number;
  usdPerDay: number;
}

/** What one paid call may cost at most: watermark credits and video US cents. */
export interface Cost {
  credits: number;
  cents: number;
}

const entrySchema = z.strictObject({
  day: z.string(),
  tool: z.string(),
  credits: z.number().int().min(0),
  cents: z.number().int().min(0),
  /** Past the allowance, with the person's yes in the window. */
  allowedInWindow: z.literal(true).optional(),
  /** What the call made: a round's id, or the inputs of a clean. */
  ref: z.record(z.string(), z.unknown()).default({}),
});

const ledgerSchema = z.strictObject({
  version: z.literal(1),
  intents: z.record(z.string(), entrySchema),
});

type Ledger = z.output<typeof ledgerSchema>;
export type IntentEntry = z.output<typeof entrySchema>;

/** What the ledger's intents committed on `day`. */
function spentOn(ledger: Ledger, day: string): Cost {
  const spent = Object.values(ledger.intents).filter((entry) => entry.day === day);
  return {
    credits: spent.reduce((sum, entry) => sum + entry.credits, 0),
    cents: spent.reduce((sum, entry) => sum + entry.cents, 0),
  };
}

/**
 * How many calendar days, today included, an intent is kept for: a day's total needs only
 * today's, but an agent that lost an answer asks again with the same intent, and that
 * repeat must still find it (never paid twice). Agents retry within minutes or hours; a
 * week covers a client restarted days later. Older intents are dropped when the ledger is
 * written, so it holds a week of calls, not every call ever made, and each call reads that.
 */
export const INTENT_KEEP_DAYS = 7;

/** The intents of the last `INTENT_KEEP_DAYS` days before `now`'s, today's included. */
function recent(ledger: Ledger, now: Date): Ledger {
  const first = new Date(now);
  first.setDate(first.getDate() - (INTENT_KEEP_DAYS - 1));
  const from = localDay(first);
  const intents = Object.entries(ledger.intents).filter(([, entry]) => entry.day >= from);
  return { ...ledger, intents: Object.fromEntries(intents) };
}

/** The file in the data folder that keeps what the agent door committed, by intent. */
export const LEDGER_FILE = 'agent-allowance.json';

/** A ledger that cannot be read: nothing paid is sent until the person looks at it. */
export class LedgerDamagedError extends UserFacingError {}

/**
 * The intent key of a call: the client's own when given, else derived from the tool and its
 * arguments, so the same call repeated by an agent that lost the answer maps to the same job.
 */
export function intentKey(tool: string, args: Record<string, unknown>): string {
  const { intent, ...rest } = args;
  if (typeof intent === 'string' && intent.trim()) return `${tool}:${intent.trim()}`;
  const canonical = JSON.stringify(rest, Object.keys(rest).sort());
  return `${tool}:${createHash('sha256').update(canonical).digest('hex').slice(0, 32)}`;
}

/** A number of credits in the reader's words ("1 credit", "31 credits"). */
const creditWords = (count: number) =>
  coreIntl().formatMessage({ id: 'format.credits' }, { count });

export type Reservation =
  { kind: 'new' } | { kind: 'repeat'; entry: IntentEntry } | { kind: 'refused'; sentence: string };

/**
 * The agent door's allowance: every paid call is reserved here, at its most, before
 * anything is sent, and refused when the day's total would pass the person's limit. The
 * reservations are kept by intent: a call made again is recognised, never paid twice.
 * Calls are taken one at a time (`serial`), so two at once cannot both fit the last credit.
 */
export class Allowance {
  private readonly file: string;
  private readonly limits: () => Promise<AllowanceLimits>;
  private readonly now: () => Date;
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: {
    dataDir: string;
    limits: () => Promise<AllowanceLimits>;
    now?: () => Date;
  }) {
    this.file = path.join(options.dataDir, LEDGER_FILE);
    this.limits = options.limits;
    this.now = options.now ?? (() => new Date());
  }

  /** Runs `work` after every call taken before it has finished. */
  serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async read(): Promise<Ledger> {
    const read = await readStoredFile(ledgerSchema, this.file, { version: 1, intents: {} });
    if (!read.ok)
      throw new LedgerDamagedError({ id: 'mcp.ledgerDamaged', values: { file: this.file } });
    return read.value;
  }

  private write(ledger: Ledger): Promise<void> {
    const kept = recent(ledger, this.now());
    return writeFileAtomic(this.file, `${JSON.stringify(kept, null, 2)}\n`);
  }

  /** What the agent door committed today, and the limits. */
  async today(): Promise<Cost & { day: string; limits: AllowanceLimits }> {
    const day = localDay(this.now());
    return { day, ...spentOn(await this.read(), day), limits: await this.limits() };
  }

  /** The entry of an intent made before, if any. */
  async entry(intent: string): Promise<IntentEntry | undefined> {
    return (await this.read()).intents[intent];
  }

  /**
   * Reserves `cost` for `intent` when it fits today's allowance; a repeated intent is
   * recognised and reserves nothing; a cost past the allowance is refused with the sentence
   * that says how to allow it. `allowedInWindow`: the person said yes to this cost in the
   * window, so it is reserved past the allowance (and counted in the day's total).
   */
  async reserve(
    intent: string,
    tool: string,
    cost: Cost,
    options: { allowedInWindow?: true } = {},
  ): Promise<Reservation> {
    const ledger = await this.read();
    const earlier = ledger.intents[intent];
    if (earlier) return { kind: 'repeat', entry: earlier };
    if (options.allowedInWindow) {
      ledger.intents[intent] = { day: localDay(this.now()), tool, ...cost, ...options, ref: {} };
      await this.write(ledger);
      return { kind: 'new' };
    }
    const { credits, cents } = spentOn(ledger, localDay(this.now()));
    const limits = await this.limits();
    if (cost.credits > 0 && credits + cost.credits > limits.creditsPerDay) {
      return {
        kind: 'refused',
        sentence: said('mcp.refused.credits', {
          cost: creditWords(cost.credits),
          left: creditWords(Math.max(0, limits.creditsPerDay - credits)),
          allowance: creditWords(limits.creditsPerDay),
        }),
      };
    }
    const capCents = pastCap(limits.usdPerDay, cents + cost.cents);
    if (cost.cents > 0 && capCents !== undefined) {
      const usd = (value: number) => formatMoney(coreIntl(), value);
      return {
        kind: 'refused',
        sentence: said('mcp.refused.usd', {
          cost: usd(cost.cents),
          left: usd(Math.max(0, capCents - cents)),
          allowance: usd(capCents),
        }),
      };
    }
    ledger.intents[intent] = { day: localDay(this.now()), tool, ...cost, ref: {} };
    await this.write(ledger);
    return { kind: 'new' };
  }

  /** Gives back a reservation whose call sent nothing (its round could not be queued). */
  async release(intent: string): Promise<void> {
    const ledger = await this.read();
    if (!ledger.intents[intent]) return;
    delete ledger.intents[intent];
    await this.write(ledger);
  }

  /** Notes what a reserved intent made (a round's id), for the call made again. */
  async note(intent: string, ref: Record<string, unknown>): Promise<void> {
    const ledger = await this.read();
    const entry = ledger.intents[intent];
    if (!entry) return;
    entry.ref = { ...entry.ref, ...ref };
    await this.write(ledger);
  }
}
