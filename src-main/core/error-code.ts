/** The `code` a Node or SQLite error carries (`ENOENT`, `SQLITE_CORRUPT`…), if any. */
export function errorCode(error: unknown): unknown {
  return (error as { code?: unknown } | null | undefined)?.code;
}
