/**
 * What the window and the engine agree on about clips cleaned in the window (issue #38): the
 * files taken as clips, the containers a cleaned clip is written in, and why the clean-up
 * may refuse one (the renderer's `CleanRefusal` is this list's type).
 */
export const CLIP_EXTENSIONS = ['mp4', 'm4v', 'mov', 'webm'] as const;

export const CLIP_CONTAINERS = ['mp4', 'webm'] as const;
export type ClipContainer = (typeof CLIP_CONTAINERS)[number];

export const CLIP_REFUSALS = [
  'no-video',
  'no-encoder',
  'sound-container',
  'no-mark',
  'mark-too-large',
  'mark-moves',
  'too-few-frames',
  'pixel-format',
] as const;
export type ClipRefusal = (typeof CLIP_REFUSALS)[number];

/** Whether a file is taken as a clip, by its name: MP4, MOV or WebM. */
export function isClipPath(file: string): boolean {
  const dot = file.lastIndexOf('.');
  const extension = dot < 0 ? '' : file.slice(dot + 1).toLowerCase();
  return (CLIP_EXTENSIONS as readonly string[]).includes(extension);
}

/** The catalogue's `select` key for a refusal (`no-mark` → `noMark`). */
export function refusalKey(refusal: ClipRefusal): string {
  return refusal.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * A clip is cleaned in segments of this many seconds of its time line, each encoded on its
 * own (it starts on a key frame) and kept as soon as it is done, so a restart or a pause
 * loses at most one segment. The record of finished segments keeps the length it was made
 * with: a record made with another is not used.
 */
export const SEGMENT_SECONDS = 4;

/** Where a clip's clean-up starts: the first unfinished segment, and the frames before it. */
export interface ClipResume {
  segment: number;
  frames: number;
}
