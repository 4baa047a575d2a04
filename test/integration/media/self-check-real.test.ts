import { describe, expect, it } from 'vitest';
import { markedBox } from '../../../src-shared/domain/mask-morphology.ts';
import { estimateMark } from '../../../src-main/core/media/unblend/mark-estimate.ts';
import { selfCheck } from '../../../src-main/core/media/unblend/self-check.ts';
import { planesOf, psnr, type Squared } from '../../bench/real-marks-measure.ts';
import type { KindId } from '../../support/real-marks-kinds.ts';
import { liftedError } from '../../support/real-marks-lift.ts';
import { readLayer, realMarksSet } from '../../support/real-marks-set.ts';

/**
 * The self-check against the engine on the real-marks set (issue #34: the desktop's
 * wallpapers, stamped and saved as JPEG q85, kept in the temporary folder and built there
 * when missing), with the true mask (the mark grown 3 px) so the finder's faults are not
 * in the figures. On this set the check promised black text 34.0 dB where the engine gave
 * 28.9, and the logo 24.7 where it gave 30.5: the engine took a quarter to two thirds of
 * each pixel from a repaint that smooths a textured photo under the mark, more on the
 * photos than on the check's copies of the mark laid beside it (and the other way round
 * for the logo). All 24 photos of a kind, as the bench reads them.
 */
const TARGET_DB = 2;
const KINDS: readonly KindId[] = ['black', 'logo'];

describe('the self-check on the real-marks set, true mask', () => {
  it.each(KINDS)(
    '%s: predicts the PSNR the engine gives inside the mark within 2 dB',
    async (id) => {
      const set = await realMarksSet();
      const kindSet = set.kinds.find((entry) => entry.kind.id === id);
      const photos = kindSet?.photos ?? [];
      const [first] = photos;
      if (!first) throw new Error(`the real-marks set has no ${id} photos`);
      const { width, height } = first;
      // Every photo of a kind carries the same mark at the same place.
      const planes = planesOf(await readLayer(first.mark), width, height);
      const box = markedBox(planes.region, width, height);
      if (!box) throw new Error(`the ${id} mark covers no pixel`);
      const files = photos.map((photo) => photo.input);
      const estimate = await estimateMark(files, {
        width,
        height,
        plane: planes.region,
        boxes: [box],
      });
      const check = await selfCheck(files, estimate);
      const errors: Squared[] = [];
      for (const photo of photos) errors.push(await liftedError(photo, estimate, planes.region));
      const measured = psnr(errors);
      console.log(
        `${id}: predicted ${check?.db.toFixed(2)} dB, measured ${measured.toFixed(2)} dB`,
      );
      expect(check).toBeDefined();
      expect(Math.abs((check?.db ?? 0) - measured)).toBeLessThanOrEqual(TARGET_DB);
    },
    600_000,
  );
});
