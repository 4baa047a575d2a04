import type { BlendEstimate } from '../../../imaging/blend-estimate.ts';
import { markTrace } from '../../../imaging/mark-trace.ts';
import { boundsOf, detail, grow } from '../../../imaging/pixel-grid.ts';
import type { RgbPixels } from '../../../imaging/rgb-pixels.ts';
import { readHeader } from '../../media/decode.ts';
import type { FromService } from '../../media/output.ts';
import { readBox, type MarkEstimate } from '../../media/unblend/mark-estimate.ts';
import { expectsTrace } from '../../../../src-shared/domain/expected-quality.ts';
import { markSeenIn } from '../../media/unblend/mark-check.ts';

/**
 * From this correlation on, what the service left inside a mask still follows what it took
 * away there: the mark was lifted only in part, and its outline can be read. Calibrated on
 * real photos (the desktop's wallpapers) stamped with a 40 % white mark, saved as JPEG q85,
 * and sent to the demo stand-in with a mask around the mark and with the mark's own shape
 * (test/integration/jobs/service-mark-check.test.ts): its clean results, repainted or
 * un-blended, gave −0.47 to 0.60; results that kept half of the mark 0.56 to 1.00.
 */
export const SERVICE_TRACE_THRESHOLD = 0.4;
/**
 * From this share of what was taken away still left in the result, the mark is visible: a
 * correlation alone is blind to strength, and a clean un-blending on a smooth sky leaves a
 * faint edge that follows the mark closely but cannot be seen. On the same calibration the
 * stand-in's clean results left 0.00 to 0.21 of it; results that kept half of the mark 0.36
 * to 0.60, and 70 % of it 0.61 to 0.76.
 */
export const LEFT_SHARE_THRESHOLD = 0.3;
/** How far the local background is read, and how far past the mask a ghost's edge lies. */
const RADIUS = 4;
const EDGE = 2;
/** Pixels around the mask read with it: the local background of its edge pixels. */
const MARGIN = 8;
/**
 * The largest box compared, in pixels: the check runs on the job's own turn, and a mask this
 * large is asked about before it is paid for (`LARGE_MASK_SHARE`); beyond it, nothing is said.
 */
const MOST_PIXELS = 4_000_000;

const lumaAt = (data: Buffer, p: number) =>
  0.299 * (data[p * 3] as number) +
  0.587 * (data[p * 3 + 1] as number) +
  0.114 * (data[p * 3 + 2] as number);

/**
 * What the service took away inside the mask, laid out as a measurement of a mark (see
 * `markTrace`): no opacity, and as its lift the input's brightness less the result's. The
 * trace then says how closely what remains follows what was taken: a mark lifted in part
 * leaves its own outline behind (towards 1); a clean repaint or un-blending leaves the
 * photo, which does not follow it (near 0, or below for the texture a repaint invents).
 */
function takenAway(input: RgbPixels, result: RgbPixels, region: Uint8Array): BlendEstimate {
  const size = input.width * input.height;
  const none = new Float32Array(size).fill(1);
  const lift = new Float32Array(size * 3);
  for (let p = 0; p < size; p += 1) {
    if (region[p]) lift[p * 3] = lumaAt(input.data, p) - lumaAt(result.data, p);
  }
  return {
    width: input.width,
    height: input.height,
    region,
    keepLuma: none,
    keepChroma: none,
    lift,
    trust: none,
    noise: { file: 0, repaint: 0 },
  };
}

/**
 * Whether a result the service made inside a mask still shows the mark there, from the
 * input and the result alone: free, nothing is sent. `plane` is the mask at the input's
 * upright size, 1 where marked.
 */
export async function serviceLeftMark(
  input: string,
  written: string,
  plane: { data: Uint8Array; width: number; height: number },
): Promise<boolean> {
  const bounds = boundsOf(plane.data, plane.width, plane.height, MARGIN);
  if (!bounds || bounds.width * bounds.height > MOST_PIXELS) return false;
  const box = { x: bounds.left, y: bounds.top, width: bounds.width, height: bounds.height };
  const region = new Uint8Array(box.width * box.height);
  for (let y = 0; y < box.height; y += 1) {
    for (let x = 0; x < box.width; x += 1) {
      region[y * box.width + x] = plane.data[(box.y + y) * plane.width + box.x + x] ? 1 : 0;
    }
  }
  const [before, after] = await Promise.all([readBox(input, box), readBox(written, box)]);
  const taken = takenAway(before, after, region);
  const trace = markTrace(after, taken);
  return (
    trace !== undefined &&
    trace >= SERVICE_TRACE_THRESHOLD &&
    leftShare(after, taken) >= LEFT_SHARE_THRESHOLD
  );
}

/**
 * How much of what was taken away is still in the result, 0 to 1: the result's fine detail
 * regressed on that of what was taken (slope β), inside the mask and its edge. A result
 * that keeps a share k of the mark and took away the rest has β = k / (1 − k), so the share
 * is β / (1 + β); a clean result's detail does not follow what was taken (β near 0 or below).
 */
function leftShare(result: RgbPixels, taken: BlendEstimate): number {
  const { width, height, region, lift } = taken;
  const luma = new Float32Array(width * height);
  const removed = new Float32Array(width * height);
  for (let p = 0; p < luma.length; p += 1) {
    luma[p] = lumaAt(result.data, p);
    removed[p] = lift[p * 3] as number;
  }
  const a = detail(luma, width, height, RADIUS);
  const b = detail(removed, width, height, RADIUS);
  const inside = grow(region, width, height, EDGE);
  let [n, sumA, sumB, sumAB, sumBB] = [0, 0, 0, 0, 0];
  for (let p = 0; p < luma.length; p += 1) {
    if (!inside[p]) continue;
    const [x, y] = [a[p] as number, b[p] as number];
    n += 1;
    sumA += x;
    sumB += y;
    sumAB += x * y;
    sumBB += y * y;
  }
  const spread = sumBB - (sumB * sumB) / n;
  if (n === 0 || spread <= 0) return 0;
  const slope = Math.max(0, (sumAB - (sumA * sumB) / n) / spread);
  return slope / (1 + slope);
}

/**
 * The free check after cleaning: with a measurement of the mark (cleaned on this computer,
 * or sent to the service after that), whether the result still reads as it; for the
 * service's result inside a mask without one, whether it kept part of what it was asked to
 * take away. Without a mask, or when the service's pixels were not put back by one, the
 * check has nothing to compare and says nothing.
 */
export async function markStillVisible(job: {
  input: string;
  written: string;
  estimate: MarkEstimate | undefined;
  /** What the self-check expected of cleaning on this computer, when no one looked at it. */
  expectedDb?: number | undefined;
  fromService: FromService | undefined;
  mask: (width: number, height: number) => Promise<Uint8Array | undefined>;
}): Promise<boolean> {
  // A trace the self-check expected, on a default no one looked at, stands until the check
  // reads the result and finds none.
  if (job.estimate) return (await markSeenIn(job.written, job.estimate)) ?? expectedTrace(job);
  if (job.fromService?.region !== 'mask') return false;
  const header = await readHeader(job.input);
  const { width, height } = header.autoOrient ?? { width: header.width, height: header.height };
  const data = await job.mask(width, height);
  return data ? serviceLeftMark(job.input, job.written, { data, width, height }) : false;
}

/** Whether the self-check expected the mark to show (see `expectsTrace`). */
export function expectedTrace(job: { expectedDb?: number | undefined }): boolean {
  return job.expectedDb !== undefined && expectsTrace(job.expectedDb);
}
