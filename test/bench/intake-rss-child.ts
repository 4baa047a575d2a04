/** Child of intake-rss.bench.ts: prepares one image and reports how far its peak RSS rose. */
import sharp from 'sharp';
import { prepareImage } from '../../src-main/core/media/intake.ts';

const file = process.argv[2] ?? '';
// Load libvips and its JPEG codec first, so their one-time cost is not counted.
await sharp({ create: { width: 64, height: 64, channels: 3, background: '#808080' } })
  .jpeg()
  .toBuffer()
  .then((small) => sharp(small).resize(8).webp().toBuffer());
const before = process.resourceUsage().maxRSS * 1024;
const prepared = await prepareImage(file, {
  use: 'watermark',
  maxMegapixels: 40,
  onExceed: 'downscale',
});
const after = process.resourceUsage().maxRSS * 1024;
console.log(
  JSON.stringify({
    growth: after - before,
    base64Length: prepared.base64.length,
    reencoded: prepared.reencoded,
  }),
);
