/** Media kinds that a prompt can refer to as `@image1`, `@video2`, `@audio1`. */
export const MEDIA_KINDS = ['image', 'video', 'audio'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export interface PromptReference {
  kind: MediaKind;
  /** 1-based position among the content items of that kind. */
  index: number;
  /** Where the reference starts in the prompt text. */
  offset: number;
  token: string;
}

const REFERENCE_PATTERN = /@(image|video|audio)(\d+)\b/g;

export function findReferences(prompt: string): PromptReference[] {
  return [...prompt.matchAll(REFERENCE_PATTERN)].map((match) => ({
    kind: match[1] as MediaKind,
    index: Number(match[2]),
    offset: match.index,
    token: match[0],
  }));
}

/** References that point past the media of their kind, such as `@image3` with two images. */
export function referencesOutOfRange(
  prompt: string,
  counts: Readonly<Record<MediaKind, number>>,
): PromptReference[] {
  return findReferences(prompt).filter((ref) => ref.index < 1 || ref.index > counts[ref.kind]);
}
