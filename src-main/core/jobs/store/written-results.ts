import type { StoreSql } from './store-sql.ts';

export interface WrittenResultRow {
  sha256: string;
  bytes: number;
  output_path: string;
  source_path: string;
  source_sha256: string | null;
  source_bytes: number | null;
  mask_key: string;
  /** The strokes it was cleaned with (`null`: no mask, a mask file, or written before this was kept). */
  mask_json: string | null;
  written_at: number;
}

/**
 * The results Clearframe wrote, by the hash of their bytes (see `written_results` in
 * schema.ts): what lets a dropped file be known as one of its own results, or as a source
 * already cleaned with the same mask.
 */
export class WrittenResults {
  private readonly sql: StoreSql;

  constructor(sql: StoreSql) {
    this.sql = sql;
  }

  /** Notes a result written. */
  record(result: Omit<WrittenResultRow, 'written_at'>): void {
    this.sql
      .statement(
        `INSERT OR REPLACE INTO written_results
           (sha256, bytes, output_path, source_path, source_sha256, source_bytes, mask_key, mask_json, written_at)
         VALUES
           (@sha256, @bytes, @output_path, @source_path, @source_sha256, @source_bytes, @mask_key, @mask_json, @written_at)`,
      )
      .run({ ...result, written_at: this.sql.now() });
  }

  /** Whether any result, or any result's source, has this size: when not, no hash is needed. */
  sizes(bytes: number): { result: boolean; source: boolean } {
    const row = this.sql
      .statement(
        `SELECT EXISTS (SELECT 1 FROM written_results WHERE bytes = @bytes) AS result,
                EXISTS (SELECT 1 FROM written_results WHERE source_bytes = @bytes) AS source`,
      )
      .get({ bytes }) as { result: number; source: number };
    return { result: row.result === 1, source: row.source === 1 };
  }

  /** The result these bytes are, if Clearframe wrote them. */
  bySha(sha256: string): WrittenResultRow | undefined {
    return this.sql.statement('SELECT * FROM written_results WHERE sha256 = ?').get(sha256) as
      WrittenResultRow | undefined;
  }

  /**
   * The results made from these source bytes, newest first, with any mask. The size comes
   * first in the lookup's index, so this reads only the sources of that size.
   */
  ofSource(sourceSha256: string, sourceBytes: number): WrittenResultRow[] {
    return this.sql
      .statement(
        `SELECT * FROM written_results WHERE source_bytes = ? AND source_sha256 = ?
         ORDER BY written_at DESC, rowid DESC`,
      )
      .all(sourceBytes, sourceSha256) as WrittenResultRow[];
  }
}
