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
import { Base64Bytes } from './json-body.ts';

/** An image by address, as base64 text, or as the file's bytes (sent as base64, streamed). */
export type ImageSource = { url: string } | { base64: string } | { bytes: Uint8Array };

/**
 * A source's request member: its name, what is sent, and what the schema checks in its
 * place. Bytes encode to valid raw base64 whatever they hold, so the text of their first
 * three (empty when they are) tells the schema all the whole text would.
 */
function member(
  name: 'image' | 'smear',
  source: ImageSource,
): { key: string; sent: unknown; checked: string } {
  if ('url' in source) return { key: `${name}_url`, sent: source.url, checked: source.url };
  if ('base64' in source) {
    return { key: `${name}_base64`, sent: source.base64, checked: source.base64 };
  }
  return {
    key: `${name}_base64`,
    sent: new Base64Bytes(source.bytes),
    checked: Buffer.from(source.bytes.subarray(0, 3)).toString('base64'),
  };
}

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
    const members = [member('image', image), ...(mask ? [member('smear', mask)] : [])];
    checkOutgoing(
      'watermark.submit',
      submitWatermarkRequestSchema,
      Object.fromEntries(members.map((m) => [m.key, m.checked])),
    );
    const body = Object.fromEntries(members.map((m) => [m.key, m.sent]));
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
