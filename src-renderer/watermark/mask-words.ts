/** The share of the image marked, as a mask note says it: to a tenth of a percent. */
export const MARKED_DIGITS = 1;
