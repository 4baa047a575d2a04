import { z } from 'zod';
import { hasDataUrlPrefix, isRawBase64 } from './base64.ts';

/** Operations of the watermark interface, under its base URL. */
export const WATERMARK_PATHS = {
  submit: '/api/ext/v1/submit_watermark_removal',
  result: '/api/ext/v1/get_task_result',
  quota: '/api/ext/v1/get_quota',
} as const;

/** Envelope codes of section 7.1; any code from 1100 to 1199 is a server error. */
export const WATERMARK_CODES = {
  success: 0,
  parameter: 1000,
  method: 1001,
  authentication: 1002,
  insufficientCredits: 1003,
  serverError: 1100,
} as const;

export function isServerErrorCode(code: number): boolean {
  return code >= 1100 && code <= 1199;
}

function base64Member(member: string) {
  return z
    .string()
    .min(1, `${member} is empty`)
    .refine((value) => !hasDataUrlPrefix(value), {
      message: `${member} must be raw base64 without a data:...;base64, prefix`,
    })
    .refine((value) => hasDataUrlPrefix(value) || isRawBase64(value), {
      message: `${member} is not valid base64`,
    });
}

const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

/** What we send: exactly one image member, at most one mask member (section 4.1). */
export const submitWatermarkRequestSchema = z
  .strictObject({
    image_url: httpUrl.optional(),
    image_base64: base64Member('image_base64').optional(),
    smear_url: httpUrl.optional(),
    smear_base64: base64Member('smear_base64').optional(),
  })
  .superRefine((request, ctx) => {
    const images = [request.image_url, request.image_base64].filter((v) => v !== undefined);
    if (images.length !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['image_url'],
        message:
          images.length === 0
            ? 'give the image as image_url or image_base64'
            : 'give either image_url or image_base64, not both',
      });
    }
    if (request.smear_url !== undefined && request.smear_base64 !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['smear_url'],
        message: 'give the mask as smear_url or smear_base64, not both',
      });
    }
  });
export type SubmitWatermarkRequest = z.infer<typeof submitWatermarkRequestSchema>;

/** Every watermark response: what we receive is read tolerantly, unknown members kept. */
export const watermarkEnvelopeSchema = z.looseObject({
  code: z.number().int(),
  message: z.string().optional(),
  data: z.unknown().optional(),
  err_msg: z.string().optional(),
});
export type WatermarkEnvelope = z.infer<typeof watermarkEnvelopeSchema>;

export const submitWatermarkDataSchema = z.looseObject({ task_id: z.string().min(1) });

export const watermarkResultDataSchema = z.looseObject({
  status: z.string(),
  images: z.array(z.looseObject({ url: z.string() })).nullish(),
  err_msg: z.string().nullish(),
});
export type WatermarkResultData = z.infer<typeof watermarkResultDataSchema>;

/**
 * Where a task stands. `unknown`: the service answered with a status word this client does
 * not know. It is not taken as a verdict: the task is asked again until the local deadline,
 * and then the user may check again (free) rather than pay again for work the service may
 * have done.
 */
export type TaskPhase = 'in-progress' | 'succeeded' | 'failed' | 'unknown';

/** `timeout` is handled as `failed` (section 3.1). */
export function watermarkPhase(status: string): TaskPhase {
  if (status === 'processing') return 'in-progress';
  if (status === 'success') return 'succeeded';
  if (status === 'failed' || status === 'timeout') return 'failed';
  return 'unknown';
}

/** Where `err_msg` sits is not stated: `data.err_msg`, then top-level, then `message`. */
export function watermarkErrorText(envelope: WatermarkEnvelope): string | undefined {
  const data = envelope.data as { err_msg?: unknown } | null | undefined;
  if (data && typeof data.err_msg === 'string' && data.err_msg) return data.err_msg;
  if (envelope.err_msg) return envelope.err_msg;
  return envelope.message;
}
