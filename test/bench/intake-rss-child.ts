/** Child of intake-rss.bench.ts: prepares one image and reports how far its peak RSS rose. */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { prepareImage } from '../../src-main/core/media/intake.ts';

const file = process.argv[2] ?? '';
// Load libvips and its JPEG codec first, so their one-time cost is not counted.
await sharp({ create: { width: 64, height: 64, channels: 3, background: '#808080' } })
  .jpeg()
  .toBuffer()
  .then((small) => sharp(small).resize(8).webp().toBuffer());
/** A line of /proc/self/status in bytes, or undefined off Linux. */
function status(field: 'VmRSS' | 'VmHWM'): number | undefined {
  const line = readFileSync('/proc/self/status', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`));
  return line ? Number(/(\d+)/.exec(line)?.[1]) * 1024 : undefined;
}

// The peak of this process so far is that of starting up (stripping the TypeScript of every
// module loaded), often above anything intake does. On Linux the peak is reset here, so the
// growth is measured from the resident size now; elsewhere the lifetime peak stands in.
const linux = existsSync('/proc/self/clear_refs');
if (linux) writeFileSync('/proc/self/clear_refs', '5');
const before = linux ? (status('VmRSS') ?? 0) : process.resourceUsage().maxRSS * 1024;
const prepared = await prepareImage(file, {
  use: 'watermark',
  maxMegapixels: 40,
  onExceed: 'downscale',
});
const after = linux ? (status('VmHWM') ?? 0) : process.resourceUsage().maxRSS * 1024;
console.log(
  JSON.stringify({
    growth: after - before,
    base64Length: prepared.base64.length,
    reencoded: prepared.reencoded,
  }),
);
