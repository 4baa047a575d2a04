/** The two keys the service uses: the watermark API token and the video API key. */
export const API_KEY_KINDS = ['watermark', 'video'] as const;
export type ApiKeyKind = (typeof API_KEY_KINDS)[number];

/** Environment variables that supply a key instead of the keychain (command line, CI). */
export const API_KEY_ENV: Record<ApiKeyKind, string> = {
  watermark: 'CLEARFRAME_WATERMARK_KEY',
  video: 'CLEARFRAME_VIDEO_KEY',
};

export type ApiKeySource = 'keychain' | 'environment';

export interface ApiKeyStatus {
  kind: ApiKeyKind;
  set: boolean;
  source: ApiKeySource | null;
}

/** Keys are opaque tokens: printable, no spaces, of a sensible length. */
export function apiKeyProblem(value: string): string | undefined {
  if (value.trim() !== value)
    return 'The key has spaces at its start or end; paste it again without them.';
  if (value.length < 8) return 'The key is too short; copy the whole key from your account page.';
  if (value.length > 512) return 'The key is too long; copy only the key from your account page.';
  if (!/^[\x21-\x7e]+$/.test(value))
    return 'The key has characters a key cannot have; copy it again from your account page.';
  return undefined;
}
