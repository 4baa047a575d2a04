/** The two files a job can show: what went in and what came out. */
export type PreviewSide = 'input' | 'output';

/**
 * Reads `<base><job id>/<input|output>` from a preview URL. Anything else, including a
 * path that tries to say more, is refused: the preview scheme serves only files the engine
 * knows, looked up by job id, never a path taken from the page.
 */
export function parsePreviewPath(
  pathname: string,
): { jobId: string; side: PreviewSide } | undefined {
  const match = /^\/?([0-9a-f-]{36})\/(input|output)$/.exec(pathname);
  if (!match) return undefined;
  return { jobId: match[1] as string, side: match[2] as PreviewSide };
}
