/**
 * Security policy for the renderer, as plain data and functions so tests can check every
 * decision without the Electron binary. `main.ts` only hands these to Electron.
 */

export const APP_SCHEME = 'app';
export const APP_ORIGIN = `${APP_SCHEME}://clearframe`;
export const PREVIEW_SCHEME = 'clearframe-preview';

/** No `unsafe-eval`, no remote origins; previews of local files come from their own scheme. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  `img-src 'self' data: blob: ${PREVIEW_SCHEME}:`,
  `media-src 'self' blob: ${PREVIEW_SCHEME}:`,
  // The preview scheme too: the clip clean-up fetches the clip it cleans from there.
  `connect-src 'self' ${PREVIEW_SCHEME}:`,
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Pages the renderer may show: only the app itself (and the dev server while developing). */
export function isAllowedNavigation(url: string, devServerUrl?: string): boolean {
  const target = safeUrl(url);
  if (!target) return false;
  if (`${target.protocol}//${target.host}` === APP_ORIGIN) return true;
  const dev = devServerUrl ? safeUrl(devServerUrl) : undefined;
  return dev !== undefined && target.origin === dev.origin;
}

/** Hosts a link may open in the user's browser: the provider's account pages and our releases. */
export const EXTERNAL_HOST_ALLOWLIST: readonly string[] = ['kaze.ai', 'github.com'];

export function isAllowedExternalUrl(url: string): boolean {
  const target = safeUrl(url);
  if (!target || target.protocol !== 'https:' || target.username || target.password) return false;
  return EXTERNAL_HOST_ALLOWLIST.some(
    (host) => target.hostname === host || target.hostname.endsWith(`.${host}`),
  );
}

function safeUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/**
 * What happens when page code calls `window.open` or a link asks for a new window: never a
 * new Electron window; an allowlisted https link opens in the user's browser instead.
 */
export function windowOpenDecision(url: string): { action: 'deny'; openInBrowser: boolean } {
  return { action: 'deny', openInBrowser: isAllowedExternalUrl(url) };
}

/** Camera, microphone, notifications from the page, geolocation…: the renderer needs none. */
export function permissionDecision(_permission: string): boolean {
  return false;
}
