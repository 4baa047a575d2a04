import { z } from 'zod';

const boxSchema = z.object({
  left: z.number().int(),
  top: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});

/**
 * Which of a result's pixels are the service's: those within `box` that it painted (`mask`)
 * or changed (`changed`), `pixels` of them, grown and blended, the rest the input's own;
 * none (`unchanged`), when it changed nothing beyond compression noise; or all of them
 * (`whole`), with the reason they could not be put back into the input.
 */
export const fromServiceSchema = z.union([
  z.object({
    region: z.enum(['mask', 'changed']),
    box: boxSchema,
    pixels: z.number().int(),
    /** The service's size, when it returned the image scaled and it was scaled back. */
    scaledFrom: z.object({ width: z.number().int(), height: z.number().int() }).optional(),
  }),
  z.object({ region: z.literal('unchanged') }),
  z.object({ region: z.literal('whole'), reason: z.string() }),
]);
export type FromService = z.infer<typeof fromServiceSchema>;
