/**
 * Child of intake-rss.bench.ts: prepares one image and sends it to the service, as a job does,
 * and reports how far its peak RSS rose on the way.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { createTransport } from '../../src-main/core/api/http.ts';
import { WatermarkClient } from '../../src-main/core/api/watermark-client.ts';
import { prepareImage } from '../../src-main/core/media/intake.ts';

const [file = '', baseUrl = '', key = ''] = process.argv.slice(2);
const PURPOSE = { use: 'watermark', maxMegapixels: 40, onExceed: 'downscale' } as const;
const transport = createTransport({ timeoutMs: 120_000 });
const client = new WatermarkClient({ baseUrl, key: () => key, transport });
// One small image through the same path first: libvips and its codecs, the request's modules
// and the words of the engine's sentences are loaded once in a process, not per image.
const small = path.join(path.dirname(file), 'small.jpg');
await sharp({ create: { width: 64, height: 64, channels: 3, background: '#808080' } })
  .jpeg()
  .toFile(small);
await client.submit({ bytes: (await prepareImage(small, PURPOSE)).bytes });
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
const prepared = await prepareImage(file, PURPOSE);
const taskId = await client.submit({ bytes: prepared.bytes });
const after = linux ? (status('VmHWM') ?? 0) : process.resourceUsage().maxRSS * 1024;
await transport.close();
console.log(
  JSON.stringify({ growth: after - before, reencoded: prepared.reencoded, sent: taskId !== '' }),
);
