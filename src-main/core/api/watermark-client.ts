import { createHash } from 'node:crypto';
import { quotaDataSchema, type QuotaData } from '../../../src-shared/api/quota.ts';
import {
  WATERMARK_PATHS,
  submitWatermarkDataSchema,
  submitWatermarkRequestSchema,
  watermarkEnvelopeSchema,
  watermarkErrorText,
  watermarkPhase,
  watermarkResultDataSchema,
  type TaskPhase,
} from '../../../src-shared/api/watermark.ts';
import {
  callService,
  checkOutgoing,
  readIncoming,
  type CallOptions,
  type ClientOptions,
} from './endpoint.ts';

export type ImageSource = { url: string } | { base64: string };

export interface WatermarkResult {
  phase: TaskPhase;
  /** The service's own status word, shown as is when it is one we do not know. */
  status: string;
  imageUrls: string[];
  errorText: string | undefined;
}

function envelopeData(operation: Parameters<typeof readIncoming>[0], body: unknown): unknown {
  return readIncoming(operation, watermarkEnvelopeSchema, body).data;
}

/** The watermark interface: submit (paid), result and quota (read-only). */
export class WatermarkClient {
  private readonly options: ClientOptions;

  constructor(options: ClientOptions) {
    this.options = options;
  }

  /**
   * The account tasks run under, to learn its timing by: the service's address and a digest
   * of the key, never the key itself.
   */
  async account(): Promise<string> {
    const { baseUrl, key } = this.options;
    const address = typeof baseUrl === 'function' ? baseUrl() : baseUrl;
    const digest = createHash('sha256')
      .update(await key())
      .digest('hex')
      .slice(0, 16);
    return `${address} ${digest}`;
  }

  /** Submits one image and returns the task id. Retried only when provably not received. */
  async submit(image: ImageSource, mask?: ImageSource, call: CallOptions = {}): Promise<string> {
    const body = checkOutgoing('watermark.submit', submitWatermarkRequestSchema, {
      ...('url' in image ? { image_url: image.url } : { image_base64: image.base64 }),
      ...(mask ? ('url' in mask ? { smear_url: mask.url } : { smear_base64: mask.base64 }) : {}),
    });
    return callService(this.options, {
      operation: 'watermark.submit',
      kind: 'paid',
      method: 'POST',
      path: WATERMARK_PATHS.submit,
      body,
      signal: call.signal,
      parse: (reply) =>
        readIncoming(
          'watermark.submit',
          submitWatermarkDataSchema,
          envelopeData('watermark.submit', reply),
        ).task_id,
    });
  }

  async result(taskId: string, call: CallOptions = {}): Promise<WatermarkResult> {
    return callService(this.options, {
      operation: 'watermark.result',
      kind: 'read',
      method: 'POST',
      path: WATERMARK_PATHS.result,
      body: { task_id: taskId },
      signal: call.signal,
      parse: (reply) => {
        const envelope = readIncoming('watermark.result', watermarkEnvelopeSchema, reply);
        const data = readIncoming('watermark.result', watermarkResultDataSchema, envelope.data);
        const phase = watermarkPhase(data.status);
        return {
          phase,
          status: data.status,
          imageUrls: (data.images ?? []).map((image) => image.url),
          errorText: phase === 'failed' ? watermarkErrorText(envelope) : undefined,
        };
      },
    });
  }

  async quota(call: CallOptions = {}): Promise<QuotaData> {
    return callService(this.options, {
      operation: 'watermark.quota',
      kind: 'read',
      method: 'POST',
      path: WATERMARK_PATHS.quota,
      body: {},
      signal: call.signal,
      parse: (reply) =>
        readIncoming('watermark.quota', quotaDataSchema, envelopeData('watermark.quota', reply)),
    });
  }
}
