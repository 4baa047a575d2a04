import path from 'node:path';
import { APP_ORIGIN } from './security.ts';

/**
 * Maps an `app://clearframe/...` URL to a file inside the built renderer folder, or null for
 * anything else. Decoding happens before the containment check so `%2e%2e` cannot escape.
 */
export function resolveAppAsset(rendererDir: string, requestUrl: string): string | null {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return null;
  }
  if (`${url.protocol}//${url.host}` !== APP_ORIGIN) return null;
  let relative: string;
  try {
    relative = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (relative.includes('\0')) return null;
  if (relative === '/' || relative === '') relative = '/index.html';
  const root = path.resolve(rendererDir);
  const resolved = path.resolve(root, `.${relative}`);
  return resolved.startsWith(root + path.sep) ? resolved : null;
}
