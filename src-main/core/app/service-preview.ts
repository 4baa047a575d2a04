import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Settings } from '../../../src-shared/domain/settings.ts';
import { scaleStrokes, type Stroke } from '../../../src-shared/domain/strokes.ts';
import { download } from '../api/downloader.ts';
import type { Transport } from '../api/http.ts';
import type { Poller } from '../api/poller.ts';
import type { WatermarkClient, WatermarkResult } from '../api/watermark-client.ts';
import { waitForTask } from '../jobs/lifecycle/check-again.ts';
import { maskKeyOf } from '../jobs/watermark/own-results.ts';
import { DECODE_LIMIT } from '../media/decode.ts';
import { prepareImage } from '../media/intake.ts';
import type { MaskStore } from '../media/mask-store.ts';
import { serviceMaskPng } from '../media/service-mask.ts';
import { UserFacingError } from '../user-error.ts';
import type { LocalPreviews } from './local-previews.ts';

/**
 * One staged image cleaned by the service as a preview, to set beside the free one made on
 * this computer. It is a real request: free in demo mode (the simulator), one credit
 * otherwise, so it is sent only once the user said yes, and never twice for one intent: an
 * image already previewed with the same mask in this run is shown again, and a second ask
 * while the first is under way waits for it.
 */
export class ServicePreviews {
  private readonly made = new Map<string, string>();
  private readonly underWay = new Map<string, Promise<string>>();
  private readonly options: {
    client: WatermarkClient;
    poller: Poller;
    transport: Transport;
    settings: () => Settings;
    demo: () => boolean;
    masks: MaskStore;
    previews: LocalPreviews;
    scratchDir: string;
  };

  constructor(options: ServicePreviews['options']) {
    this.options = options;
  }

  async make(
    token: string,
    strokes: readonly Stroke[],
    confirmed: boolean,
  ): Promise<{ previewId: string; reused: boolean }> {
    const key = `${token}:${await maskKeyOf({ strokes })}`;
    const known = this.made.get(key);
    if (known && this.options.previews.file(known)) return { previewId: known, reused: true };
    const pending = this.underWay.get(key);
    if (pending) return { previewId: await pending, reused: true };
    if (!this.options.demo() && !confirmed)
      throw new UserFacingError({ id: 'core.app.previewUnconfirmed' });
    const making = this.options.previews
      .makeWith(token, 'service', (image) => this.fromService(image, strokes))
      .then(({ previewId }) => previewId);
    this.underWay.set(key, making);
    try {
      const previewId = await making;
      this.made.set(key, previewId);
      return { previewId, reused: false };
    } finally {
      this.underWay.delete(key);
    }
  }

  private async fromService(
    image: { path: string; width: number; height: number },
    strokes: readonly Stroke[],
  ): Promise<Buffer> {
    const { client, poller, transport } = this.options;
    const cap = this.options.settings().watermarkPixelCap;
    const prepared = await prepareImage(image.path, {
      use: 'watermark',
      ...cap,
      maxMegapixels: cap.megapixels,
    });
    const plane = await this.options.masks.plane(
      scaleStrokes([...strokes], prepared.width / prepared.sourceWidth),
      prepared.width,
      prepared.height,
    );
    const taskId = await client.submit(
      { bytes: prepared.bytes },
      {
        base64: serviceMaskPng({
          data: plane,
          width: prepared.width,
          height: prepared.height,
        }).toString('base64'),
      },
    );
    const result = await waitForTask<WatermarkResult>(poller, {
      kind: 'watermark',
      check: async () => {
        const seen = await client.result(taskId);
        if (seen.phase === 'in-progress') return { done: false };
        if (seen.phase === 'unknown') return { done: false, status: seen.status };
        return { done: true, value: seen };
      },
    });
    if (result.phase === 'failed' || result.imageUrls.length === 0) {
      throw new UserFacingError({
        id: 'core.app.previewFailed',
        values: { problem: result.errorText ?? result.status },
      });
    }
    const scratch = await mkdtemp(path.join(this.options.scratchDir, 'service-preview-'));
    try {
      const saved = await download(transport, {
        url: result.imageUrls[0] as string,
        targetDir: scratch,
        fileName: 'result',
      });
      return await sharp(saved.path, DECODE_LIMIT)
        .resize(image.width, image.height, { fit: 'fill' })
        .jpeg({ quality: 92 })
        .toBuffer();
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }
}
