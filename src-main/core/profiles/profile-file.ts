import { createHash } from 'node:crypto';
import { z } from 'zod';
import { profileSummarySchema, type ProfileSummary } from '../../../src-shared/domain/profile.ts';
import { decodeEstimate } from '../media/unblend/estimate-file.ts';
import type { MarkEstimate } from '../media/unblend/mark-estimate.ts';

/**
 * One watermark profile as one file, the same in the data folder and when exported: a magic
 * line, the header's length, the header (JSON, checked by zod like every stored value), then
 * the measured mark exactly as the estimate store keeps it. The header names the mark's
 * bytes by their hash, so a file cut short or altered is refused, never half used.
 */
const MAGIC = Buffer.from('CLEARFRAME-PROFILE\n');
export const PROFILE_VERSION = 1;

const headerSchema = profileSummarySchema.extend({
  version: z.literal(PROFILE_VERSION),
  estimateSha256: z.string().regex(/^[0-9a-f]{64}$/),
});
type Header = z.infer<typeof headerSchema>;

/** A profile read whole: what it says and its measured mark, encoded and decoded. */
export interface Profile {
  summary: ProfileSummary;
  /** The mark as the estimate store keeps it (`encodeEstimate`), byte for byte. */
  estimateBytes: Buffer;
  estimate: MarkEstimate;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export function encodeProfile(summary: ProfileSummary, estimateBytes: Buffer): Buffer {
  const header: Header = {
    ...profileSummarySchema.parse(summary),
    version: PROFILE_VERSION,
    estimateSha256: sha256(estimateBytes),
  };
  const json = Buffer.from(JSON.stringify(header));
  const length = Buffer.alloc(4);
  length.writeUInt32LE(json.length);
  return Buffer.concat([MAGIC, length, json, estimateBytes]);
}

/** Why a file is not a profile this Clearframe can use. */
export class NotAProfile extends Error {}

/** The profile in `bytes`; throws NotAProfile with the reason when it is not one. */
export function decodeProfile(bytes: Buffer): Profile {
  if (bytes.length < MAGIC.length + 4 || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new NotAProfile('not a Clearframe profile');
  }
  const length = bytes.readUInt32LE(MAGIC.length);
  const start = MAGIC.length + 4;
  if (start + length > bytes.length) throw new NotAProfile('cut short');
  let header: Header;
  try {
    header = headerSchema.parse(JSON.parse(bytes.toString('utf8', start, start + length)));
  } catch {
    throw new NotAProfile('its header is damaged or from another version');
  }
  const estimateBytes = Buffer.from(bytes.subarray(start + length));
  if (sha256(estimateBytes) !== header.estimateSha256) {
    throw new NotAProfile('its measured mark is damaged or cut short');
  }
  let estimate: MarkEstimate;
  try {
    estimate = decodeEstimate(estimateBytes);
  } catch {
    throw new NotAProfile('its measured mark cannot be read');
  }
  if (estimate.width !== header.width || estimate.height !== header.height) {
    throw new NotAProfile('its measured mark is of another size than it says');
  }
  // The summary's own schema keeps what a list shows, leaving the version and the hash.
  return { summary: profileSummarySchema.parse(header), estimateBytes, estimate };
}
