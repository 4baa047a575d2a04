import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { DEMO_PICTURES_PATH } from '../../src-shared/domain/demo-assets.ts';
import { plain } from './file-host.ts';
import { lastFrameFile } from './video-service.ts';

/**
 * The picture shown for each demo image asset: the clips' last frame of the same shape, so
 * the fixtures the app ships already hold it (640×360 and 360×640, within the service's
 * rules for a reference image).
 */
export const DEMO_PICTURE_FILES: Readonly<Record<string, string>> = {
  'demo-image-landscape': lastFrameFile('landscape'),
  'demo-image-portrait': lastFrameFile('portrait'),
};

/**
 * Serves `<DEMO_PICTURES_PATH><id>`. Not part of the service's interface, which gives no
 * uploaded asset back: demo mode alone uses it, so a demo picture chosen as a reference
 * shows in the window as any image does.
 */
export async function serveDemoPicture(
  request: IncomingMessage,
  response: ServerResponse,
  pathname: string,
  fixturesDir: string,
): Promise<number> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return plain(response, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
  }
  const id = pathname.slice(DEMO_PICTURES_PATH.length);
  const file = Object.hasOwn(DEMO_PICTURE_FILES, id) ? DEMO_PICTURE_FILES[id] : undefined;
  if (!file) return plain(response, 404, 'Not found');
  const bytes = await readFile(path.join(fixturesDir, file));
  response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': bytes.length });
  response.end(request.method === 'HEAD' ? undefined : bytes);
  return 200;
}
