import { createHash } from 'node:crypto';

/**
 * Ways the simulator can misbehave on purpose. Request faults hit one API request; task
 * faults are fixed when a task is created; download faults hit the result files.
 */
export const REQUEST_FAULTS = [
  'server-error',
  'service-error',
  'rate-limit',
  'reset',
  'malformed-json',
] as const;
/**
 * Faults that meet a job after the service accepted it and did the work: a client gets past
 * each without paying again (`test/stress/after-yes.stress.ts`), or, for the redirect
 * faults, gives up with a clear message. A task that finishes late (`overrun`) or answers a
 * status word nobody listed for a while (`unknown-status`); a first link that is refused,
 * missing or expired (`link-*`); a link behind a redirect, a chain of them, a loop, or one
 * to plain http.
 */
const AFTER_YES_TASK_FAULTS = ['overrun', 'unknown-status'] as const;
const AFTER_YES_LINK_FAULTS = [
  'link-403',
  'link-404',
  'link-expired',
  'redirect',
  'redirect-chain',
  'redirect-loop',
  'redirect-insecure',
] as const;
export const AFTER_YES_FAULTS = [...AFTER_YES_TASK_FAULTS, ...AFTER_YES_LINK_FAULTS] as const;

export const TASK_FAULTS = ['never-finish', 'fail-late', ...AFTER_YES_TASK_FAULTS] as const;
export const DOWNLOAD_FAULTS = [
  'result-404',
  'result-expired',
  'download-cut',
  ...AFTER_YES_LINK_FAULTS,
] as const;
/** Faults in the work itself: `mark-left` lifts the mark only partly, leaving a ghost of it. */
export const RESULT_FAULTS = ['mark-left'] as const;
export const FAULT_KINDS = [
  ...REQUEST_FAULTS,
  ...TASK_FAULTS,
  ...DOWNLOAD_FAULTS,
  ...RESULT_FAULTS,
] as const;

export type RequestFault = (typeof REQUEST_FAULTS)[number];
export type TaskFault = (typeof TASK_FAULTS)[number];
export type DownloadFault = (typeof DOWNLOAD_FAULTS)[number];
export type FaultKind = (typeof FAULT_KINDS)[number];

/**
 * Faults that break only the first link to a result: asked again by the same task id, the
 * service hands out a fresh link that works, as object storage with signed links does.
 */
export const FIRST_LINK_FAULTS: readonly DownloadFault[] = ['link-403', 'link-404', 'link-expired'];

/** The status word an `unknown-status` task answers with: one neither the spec nor upstream lists. */
export const UNKNOWN_STATUS_WORD = 'finalizing';

/** A header that forces faults on one request (comma-separated kinds), for tests. */
export const FAULT_HEADER = 'x-sim-fault';
/** A header that adds latency to one request, in milliseconds. */
export const LATENCY_HEADER = 'x-sim-latency';

export interface FaultConfig {
  /** Decisions are a hash of this seed and the request, so a run can be replayed. */
  seed: number;
  /** Probability from 0 to 1 of each fault on each eligible request, task or file. */
  rates: Partial<Record<FaultKind, number>>;
  /** Latency added to every API request. */
  latencyMs: number;
  /** `Retry-After` sent with a 429, in seconds. */
  retryAfterSeconds: number;
  /** How much longer than usual an `overrun` or `unknown-status` task takes to finish. */
  overrunMs: number;
  /** How many redirects a `redirect-chain` link passes through before the file is served. */
  redirectHops: number;
  /** When given, request faults hit only requests whose path ends with one of these. */
  onlyPaths?: readonly string[];
}

export const NO_FAULTS: FaultConfig = {
  seed: 1,
  rates: {},
  latencyMs: 0,
  retryAfterSeconds: 1,
  overrunMs: 30 * 60 * 1000,
  redirectHops: 3,
};

export function isFaultKind(value: string): value is FaultKind {
  return (FAULT_KINDS as readonly string[]).includes(value);
}

/** Kinds forced by the fault header; unknown names are refused so a typo is not silent. */
export function forcedFaults(header: string | string[] | undefined): Set<FaultKind> {
  const raw = Array.isArray(header) ? header.join(',') : (header ?? '');
  const kinds = new Set<FaultKind>();
  for (const name of raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    if (!isFaultKind(name)) {
      throw new Error(`unknown fault "${name}"; known: ${FAULT_KINDS.join(', ')}`);
    }
    kinds.add(name);
  }
  return kinds;
}

/** A uniform number in [0, 1) from the seed and a description of the moment. */
export function seededDraw(seed: number, ...parts: string[]): number {
  const digest = createHash('sha256')
    .update(`${seed}|${parts.join('|')}`)
    .digest();
  return digest.readUInt32BE(0) / 2 ** 32;
}

/**
 * Decides faults. Each decision hashes the seed with what is being decided and a stable
 * identity (the request's path, body and how many identical requests came before), so the
 * same sequence of requests meets the same faults however their timing interleaves.
 */
export class FaultPlan {
  config: FaultConfig;
  private readonly occurrences = new Map<string, number>();

  constructor(config: Partial<FaultConfig> = {}) {
    this.config = { ...NO_FAULTS, ...config, rates: { ...config.rates } };
  }

  /** Changes what is given; `rates`, when given, replaces all the rates. */
  update(config: Partial<FaultConfig>): void {
    this.config = { ...this.config, ...config, rates: { ...(config.rates ?? this.config.rates) } };
  }

  /** A stable identity for the nth identical request. */
  requestIdentity(method: string, path: string, bodyHash: string): string {
    const key = `${method} ${path} ${bodyHash}`;
    const n = (this.occurrences.get(key) ?? 0) + 1;
    this.occurrences.set(key, n);
    return `${key} #${n}`;
  }

  hits(kind: FaultKind, identity: string, forced: ReadonlySet<FaultKind>): boolean {
    if (forced.has(kind)) return true;
    const { onlyPaths } = this.config;
    if (onlyPaths && (REQUEST_FAULTS as readonly string[]).includes(kind)) {
      // A request's identity is "METHOD path?query body #n".
      const requestPath = identity.split(' ')[1]?.split('?')[0] ?? '';
      if (!onlyPaths.some((p) => requestPath.endsWith(p))) return false;
    }
    const rate = this.config.rates[kind] ?? 0;
    return rate > 0 && seededDraw(this.config.seed, kind, identity) < rate;
  }

  draw(...parts: string[]): number {
    return seededDraw(this.config.seed, ...parts);
  }
}
