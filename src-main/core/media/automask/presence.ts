import { leftOut } from './consistency.ts';
import { presenceScore, type MedianGradient } from './median-gradient.ts';

/**
 * How strongly each image of a group carries the mark found in it, 0 (not at all) to 1.
 *
 * The correlation of an image's gradients with the mark's (`presenceScore`) fades with the
 * photo under the mark: on grass, leaves or a busy skyline the photo's own edges there are
 * two to five times the mark's, and a 22-40 % mark that is plainly on the photo scores
 * 0.12-0.48 (issue #34's real photos: 1 to 5 of 24 a kind were held back as unsure, and
 * their marks kept). So an image's score is also read from the evidence that it carries the
 * others' mark (`leftOut`: Σp / √Σp² of its per-pixel agreement with the median of the other
 * images), which the photo's texture spreads but does not fade: on those photos the images
 * carrying the mark gave 23-150, and the same crops without it, or with another kind's mark,
 * at most 8.7 either way (672 tries). The larger of the two readings is the score.
 *
 * Evidence says the mark is there, not that it is clear: the same mark laid at 5 % on one
 * photo of a 40 % batch gives 18-20 on smooth scenes. Such an image stays for the user to
 * look at (its mark is faint), so the evidence counts only where the mark is drawn at least
 * `FAINT_GAIN` as strongly as on the others; the busy photos above were drawn 0.35-1.5 as
 * strongly, a white mark over a white sky 0.1 (faint there too, and left to the user).
 */

/** Evidence below this is what photos without the mark reach by chance (at most 8.7 seen). */
const EVIDENCE_NOISE = 10;
/**
 * Evidence past the noise that counts as a score of 1: the sure score (0.5) is then reached at
 * 16, twice what chance reached, while the faintest marked photo of issue #34 gave 23.
 */
const EVIDENCE_SPAN = 12;

/** Below this share of the others' strength, the mark on an image is faint (the 5 % one: 0.12). */
const FAINT_GAIN = 0.25;

/** The score the evidence alone gives. */
export function evidenceScore(evidence: number): number {
  return Math.min(1, Math.max(0, (evidence - EVIDENCE_NOISE) / EVIDENCE_SPAN));
}

export interface Presence {
  /** Per image: the larger of its correlation and its evidence's score (unless faint). */
  scores: number[];
  /**
   * Per image, the correlation alone: how much of what is under the mark the mark explains,
   * which tells which of two ways of pooling photos fits them better (the evidence of a
   * roughly fitting pool would already be full).
   */
  correlations: number[];
}

/** Each image's presence against the group's median gradient, over the mark's region. */
export function presenceOf(
  greys: readonly Uint8Array[],
  median: MedianGradient,
  region: Uint8Array,
): Presence {
  const correlations = greys.map((grey) => presenceScore(grey, median, region));
  const pixels: number[] = [];
  region.forEach((value, i) => {
    if (value) pixels.push(i);
  });
  const { evidence, gain } = leftOut(greys, median.width, median.height, pixels);
  return {
    scores: correlations.map((correlation, k) =>
      (gain[k] as number) < FAINT_GAIN
        ? correlation
        : Math.max(correlation, evidenceScore(evidence[k] as number)),
    ),
    correlations,
  };
}
