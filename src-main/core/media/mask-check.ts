import { maskCoverage, type MaskCoverage } from '../../../src-shared/domain/mask-rule.ts';
import { decodeRgb } from '../../imaging/decode-rgb.ts';

/** Reads every pixel of a mask file and applies the service's rule (section 4.1). */
export async function inspectMask(png: Buffer): Promise<MaskCoverage> {
  const { data, width, height } = await decodeRgb(png);
  return maskCoverage(data, width, height);
}
