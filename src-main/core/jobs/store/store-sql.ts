import type Database from 'better-sqlite3';

/**
 * What the store's query modules (the watermark queue, its history, written results) use of
 * the open database: its handle for transactions, its compiled statements and its clock.
 */
export interface StoreSql {
  readonly db: Database.Database;
  readonly now: () => number;
  statement(sql: string): Database.Statement;
}

/** `?, ?, ?` for a list of values bound in an `IN (…)`. */
export function marksFor(values: readonly unknown[]): string {
  return values.map(() => '?').join(', ');
}
