/**
 * What a preview URL may name: a job's input, output or thumbnail, a staged file, an imported
 * mask, a free local preview, a film joined in this session.
 */
export type PreviewTarget =
  | { kind: 'job'; jobId: string; side: 'input' | 'output' | 'thumb' }
  | { kind: 'staged'; token: string; side: 'input' | 'thumb' }
  | { kind: 'mask'; token: string }
  | { kind: 'local-preview'; previewId: string }
  | { kind: 'round'; roundId: string; side: 'video' | 'last-frame' }
  | { kind: 'film'; filmId: string }
  | { kind: 'clip'; jobId: string; side: 'input' | 'output' };

const ID = '[0-9a-f-]{36}';
const JOB = new RegExp(`^/?job/(${ID})/(input|output|thumb)$`);
const STAGED = new RegExp(`^/?staged/(${ID})(/thumb)?$`);
const MASK = new RegExp(`^/?mask/(${ID})$`);
const LOCAL_PREVIEW = new RegExp(`^/?local-preview/(${ID})$`);
const ROUND = new RegExp(`^/?round/(${ID})/(video|last-frame)$`);
const FILM = new RegExp(`^/?film/(${ID})$`);
const CLIP = new RegExp(`^/?clip/(${ID})/(input|output)$`);

/**
 * Reads `job/<id>/<input|output|thumb>` or `staged/<token>[/thumb]` from a preview URL's
 * path. Anything else is refused: the preview scheme serves only files the app knows, looked
 * up by id, never a path taken from the page.
 */
export function parsePreviewPath(pathname: string): PreviewTarget | undefined {
  const job = JOB.exec(pathname);
  if (job) {
    return { kind: 'job', jobId: job[1] as string, side: job[2] as 'input' | 'output' | 'thumb' };
  }
  const staged = STAGED.exec(pathname);
  if (staged)
    return { kind: 'staged', token: staged[1] as string, side: staged[2] ? 'thumb' : 'input' };
  const mask = MASK.exec(pathname);
  if (mask) return { kind: 'mask', token: mask[1] as string };
  const local = LOCAL_PREVIEW.exec(pathname);
  if (local) return { kind: 'local-preview', previewId: local[1] as string };
  const round = ROUND.exec(pathname);
  if (round) {
    return { kind: 'round', roundId: round[1] as string, side: round[2] as 'video' | 'last-frame' };
  }
  const film = FILM.exec(pathname);
  if (film) return { kind: 'film', filmId: film[1] as string };
  const clip = CLIP.exec(pathname);
  if (clip) return { kind: 'clip', jobId: clip[1] as string, side: clip[2] as 'input' | 'output' };
  return undefined;
}
