/**
 * What the finder proposes, in a module of its own: the search (propose.ts) and its pools
 * and verdicts each build a part of it, so none of them imports another for its shape.
 */
import type { Box, Corner } from '../../../../src-shared/domain/mask-anchor.ts';
import type { ImageSize } from '../../../../src-shared/domain/strokes.ts';
import type { SelfCheck } from '../unblend/self-check.ts';
import type { Unreadable } from './read-grey.ts';

export interface SizedImage extends ImageSize {
  /** The file, read upright (after its EXIF turn), at this size. */
  path: string;
}

export interface ProposedImage extends SizedImage {
  /** How strongly the image carries the mark the group shares, 0 (not at all) to 1. */
  score: number;
  present: boolean;
  /** Present, and clearly enough that the finder vouches for the mask on it (verdict.ts). */
  sure: boolean;
}

export interface ProposedMask extends ImageSize {
  /** 1 where the service should repaint: the mark and a margin of `MASK_MARGIN` pixels. */
  plane: Uint8Array;
  /** The mark's pixels alone, without the margin. */
  core: Uint8Array;
  /** Where the mark was found, one box per mark (a tiled mark has several). */
  boxes: Box[];
}

/** Images that share a size, or (`anchor` a corner) photos of several sizes that share a corner. */
export interface ProposalGroup {
  anchor: 'size' | Corner;
  images: ProposedImage[];
  /** One mask per size in the group; empty when no mark was found. */
  masks: ProposedMask[];
  /**
   * The mark measured for cleaning on this computer (an encoded `MarkEstimate`), when it
   * was asked for and the group can be measured (see unblend/measurable.ts).
   */
  estimate?: Uint8Array;
  /** What cleaning on this computer is expected to give, measured with `estimate`. */
  expected?: SelfCheck;
  /**
   * Set when what stood out would cover more than `MAX_MASK_SHARE` of an image (this share):
   * no mark is shared, and nothing is proposed (`masks` is empty).
   */
  refused?: { share: number };
}

export interface Proposal {
  groups: ProposalGroup[];
  /** Images the batch cannot speak for: too few of their size to tell a mark from a photo. */
  tooFew: SizedImage[];
  /** Images that could not be read, left out of the search. */
  unreadable: Array<SizedImage & { why: Unreadable }>;
}

/** Counts steps of the search as they are done: an image read, an image compared. */
export type OnSteps = (steps: number) => void;
