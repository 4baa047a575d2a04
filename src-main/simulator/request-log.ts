import { createHash } from 'node:crypto';

export interface RequestLogEntry {
  /** ISO time the request arrived. */
  time: string;
  method: string;
  /** Path and query, under the simulator's origin. */
  path: string;
  /** A short hash of the Bearer key, never the key; `anonymous` when none was sent. */
  keyId: string;
  status: number;
  /** The envelope code on the watermark side, the error code on the video side. */
  code?: number | string;
  /** sha256 of the raw body, so tests can tell identical submissions apart from new ones. */
  bodyHash: string;
  fault?: string;
  /** A submitted smear mask: its size and the box around its marked pixels (inclusive). */
  smear?: SmearSummary;
}

export interface SmearSummary {
  width: number;
  height: number;
  marked: { left: number; top: number; right: number; bottom: number };
}

export function hashBody(body: Buffer | string): string {
  return createHash('sha256').update(body).digest('hex');
}

export function keyId(key: string | undefined): string {
  return key ? `key_${createHash('sha256').update(key).digest('hex').slice(0, 10)}` : 'anonymous';
}

export class RequestLog {
  private readonly entries: RequestLogEntry[] = [];

  add(entry: RequestLogEntry): void {
    this.entries.push(entry);
  }

  all(): readonly RequestLogEntry[] {
    return this.entries;
  }

  clear(): void {
    this.entries.length = 0;
  }
}
