import type { MessageId } from '../i18n/catalogues/en.ts';

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

/**
 * Keys are opaque tokens: printable, no spaces, of a sensible length. The answer is the
 * message that says what is wrong, for whoever knows the reader's language to say.
 */
export function apiKeyProblem(value: string): MessageId | undefined {
  if (value.trim() !== value) return 'keys.problem.spaces';
  if (value.length < 8) return 'keys.problem.tooShort';
  if (value.length > 512) return 'keys.problem.tooLong';
  if (!/^[\x21-\x7e]+$/.test(value)) return 'keys.problem.characters';
  return undefined;
}
