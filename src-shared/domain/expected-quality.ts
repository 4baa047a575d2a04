/**
 * What the self-check's figure (the expected PSNR of a group cleaned on this computer,
 * inside the mark grown 3 px, in dB) tells a person, in three bands. Read off issue #34's
 * measurements on real photos saved as JPEG q85: re-saving alone costs 38.9 dB there, so a
 * flawless lift cannot score above that; results at 34.9 dB showed no mark, at 31.6 dB a
 * faint ghost of the letters, at 28.3 and 26.4 dB a ghost or shape anyone sees.
 */

/**
 * From here on the mark should not be visible: within 3 dB of what JPEG q85 alone costs,
 * the target for a clean lift.
 */
export const CLEAN_DB = 36;
/**
 * Below this the result will likely show a trace of the mark (the 31.6 dB result
 * was a faint ghost): such a group is not cleaned on this computer by a default nobody
 * looked at. Set at 32 rather than 30 since the prediction itself errs by up to 2 dB.
 */
export const LOW_DB = 32;

export type ExpectedBand = 'clean' | 'faint' | 'trace';

/**
 * The band of a figure as it is shown, in whole decibels (its own error is a dB or two), so
 * "32 dB" never reads with the words of 31.
 */
export function expectedBand(db: number): ExpectedBand {
  const shown = Math.round(db);
  if (shown >= CLEAN_DB) return 'clean';
  return shown >= LOW_DB ? 'faint' : 'trace';
}

/** Whether a result cleaned on this computer is expected to keep a trace of the mark. */
export const expectsTrace = (db: number): boolean => expectedBand(db) === 'trace';
