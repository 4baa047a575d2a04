import { growPlane } from '../../../../src-shared/domain/mask-morphology.ts';
import { leftOut, sharedEdge, sharedRegion } from './consistency.ts';
import { medianGradient, presenceScore, type MedianGradient } from './median-gradient.ts';
import { reconstruct } from './poisson.ts';
import { presenceOf } from './presence.ts';
import { isTiled } from './tiles.ts';
import { boxAround, components, enclosed, otsu, quantile, type Box } from './regions.ts';

/** Fewer images than this cannot outvote their backgrounds: the median would keep them. */
export const MIN_GROUP_IMAGES = 3;
/** A score at or above this says the mark is on the image. */
export const PRESENCE_THRESHOLD = 0.2;

/** Median-gradient strength below which an edge is noise, whatever the images. */
const MIN_EDGE = 4;
/** Edges closer than this belong to one mark (the letters of one word, say). */
const CLUSTER_GAP = 10;
/** A cluster with fewer edge pixels than this is noise; every larger one is kept (tiled marks). */
const MIN_CLUSTER_EDGES = 24;
/**
 * Share of a cluster's area that must be edges: a mark's strokes pack their edges densely,
 * while noise that passed the threshold chains a few scattered pixels over a wide area.
 */
const MIN_EDGE_DENSITY = 0.012;
/** Room around a cluster so the reconstructed field reaches zero on the box's border. */
const BOX_PAD = 8;

export interface Detection {
  /** 1 on the mark's pixels, at the size the images were given. */
  core: Uint8Array;
  /** One box per mark found (several for a tiled mark). */
  boxes: Box[];
  /** Per image, in the order given: how strongly it carries the mark (presence.ts). */
  scores: number[];
  /** Per image, the correlation of its gradients with the mark's alone: how well it fits. */
  correlations: number[];
  /** Mean median-gradient strength on the mark's edges: how clearly the group shares it. */
  strength: number;
  /** The median gradient the mark was found in, and the mark's pixels grown a little: its template. */
  median: MedianGradient;
  region: Uint8Array;
  /** The mark is one shape repeated over the image (tiles.ts). */
  tiled: boolean;
}

/**
 * Finds a mark shared by most of a group of same-size grey images: median of their
 * gradients, edges above the noise that most images agree with, clusters of them that each
 * image carries on the others' word (consistency.ts), the mark's intensity rebuilt inside
 * each cluster's box by a Poisson solve, and a threshold on it. Images found without the
 * mark are left out of a second median, so a few unmarked ones do not fade the mark.
 */
export function detectMark(
  greys: readonly Uint8Array[],
  width: number,
  height: number,
  hint?: Box,
): Detection {
  const first = findCore(greys, medianGradient(greys, width, height), hint);
  const correlations = greys.map((grey) => presenceScore(grey, first.median, first.region));
  const present = greys.filter((_, k) => (correlations[k] as number) >= PRESENCE_THRESHOLD);
  if (present.length === greys.length || present.length < MIN_GROUP_IMAGES) {
    return { ...first, ...presenceOf(greys, first.median, first.region) };
  }
  const second = findCore(present, medianGradient(present, width, height), hint);
  return { ...second, ...presenceOf(greys, second.median, second.region) };
}

function findCore(greys: readonly Uint8Array[], median: MedianGradient, hint?: Box) {
  const { width, height, gx, gy } = median;
  const strength = new Float32Array(width * height);
  for (let i = 0; i < strength.length; i += 1) {
    strength[i] = Math.abs(gx[i] as number) + Math.abs(gy[i] as number);
  }
  const threshold = Math.max(MIN_EDGE, 5 * quantile(strength, 0.5));
  const edges = new Uint8Array(strength.length);
  for (let i = 0; i < edges.length; i += 1) {
    if (
      (strength[i] as number) > threshold &&
      inside(hint, i % width, Math.floor(i / width)) &&
      sharedEdge(greys, median, i)
    ) {
      edges[i] = 1;
    }
  }
  const near = growPlane(edges, width, height, CLUSTER_GAP);
  const own = new Uint8Array(width * height);
  const core = new Uint8Array(width * height);
  const boxes: Box[] = [];
  let edgeSum = 0;
  let edgeCount = 0;
  for (const pixels of components(near, width, height)) {
    let count = 0;
    for (const i of pixels) count += edges[i] as number;
    if (count < MIN_CLUSTER_EDGES || count < MIN_EDGE_DENSITY * pixels.length) continue;
    const onEdges = pixels.filter((i) => edges[i] === 1);
    if (!sharedRegion(leftOut(greys, width, height, onEdges).correlation, MIN_GROUP_IMAGES)) {
      continue;
    }
    const box = boxAround(pixels, width, height, BOX_PAD);
    // Only the cluster's own gradients: noise elsewhere in the box would only add drift.
    own.fill(0);
    for (const i of pixels) own[i] = 1;
    const field = reconstruct(median, box, own);
    const magnitude = field.map(Math.abs);
    const cut = otsu(magnitude);
    const inBox = new Uint8Array(magnitude.length);
    for (let y = 0; y < box.height; y += 1) {
      for (let x = 0; x < box.width; x += 1) {
        const k = y * box.width + x;
        if ((magnitude[k] as number) > cut && own[(box.y + y) * width + box.x + x]) inBox[k] = 1;
      }
    }
    // The body of a filled shape (a logo's triangle) lies beyond the edges' cluster: what the
    // marked pixels enclose is the mark's too where the rebuilt field is as strong. A letter's
    // counter stays out: the field there is the background's.
    const holes = enclosed(inBox, box.width, box.height);
    const marked: number[] = [];
    inBox.forEach((value, k) => {
      if (!value && !(holes[k] && (magnitude[k] as number) > cut)) return;
      const i = (box.y + Math.floor(k / box.width)) * width + box.x + (k % box.width);
      core[i] = 1;
      marked.push(i);
    });
    if (marked.length === 0) continue;
    // The box of what is marked, not of the cluster: a cluster can reach far past the mark
    // along the photo's own edges, and the box is what is said, enlarged and borrowed.
    boxes.push(boxAround(Int32Array.from(marked), width, height, BOX_PAD));
    for (const i of pixels) {
      if (edges[i]) {
        edgeSum += strength[i] as number;
        edgeCount += 1;
      }
    }
  }
  return {
    median,
    core,
    boxes,
    tiled: isTiled({ width, height, core, boxes }),
    region: growPlane(core, width, height, 2),
    strength: edgeCount === 0 ? 0 : edgeSum / edgeCount,
  };
}

function inside(box: Box | undefined, x: number, y: number): boolean {
  return !box || (x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height);
}
