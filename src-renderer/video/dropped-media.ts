import type { MediaItemType } from '../../src-shared/api/video.ts';
import { demoAssetOf } from '../../src-shared/domain/demo-assets.ts';
import { VIDEO_LIMITS } from '../../src-shared/domain/limits.ts';
import type { Formatter } from '../../src-shared/i18n/formats.ts';
import { bridge } from '../bridge.ts';

/** What one dropped or pasted thing becomes: an attachment, or the sentence saying why not. */
export type Dropped = { type: MediaItemType; url: string } | { problem: string };

/** Kinds by how an address ends, for the ones the service reads by address. */
const BY_ENDING: readonly [RegExp, MediaItemType][] = [
  [/\.(jpe?g|png|webp|gif|tiff?)$/i, 'image_url'],
  [/\.(mp4|mov|webm|m4v)$/i, 'video_url'],
  [/\.(mp3|wav|m4a|aac|ogg|flac)$/i, 'audio_url'],
];

/**
 * The kind of media an address names, when it can be told: one of the simulator's demo
 * assets, or a web or asset address ending like a picture, clip or sound. Anything else is
 * text for the prompt.
 */
export function addressMedia(text: string): { type: MediaItemType; url: string } | null {
  const url = text.trim();
  if (!/^(https?|asset):\/\/\S+$/.test(url)) return null;
  const demo = demoAssetOf(url);
  if (demo) return { type: `${demo.kind}_url`, url };
  const path = url.replace(/[?#].*$/, '');
  const found = BY_ENDING.find(([ending]) => ending.test(path));
  return found ? { type: found[1], url } : null;
}

function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(typeof reader.result === 'string' ? reader.result.replace(/^data:[^,]*,/, '') : '');
    reader.onerror = () => reject(reader.error ?? new Error(file.name));
    reader.readAsDataURL(file);
  });
}

/**
 * A file from this computer, dropped or pasted: a picture goes through main's check of the
 * reference image chooser (format, sides, shape, size; TIFF and GIF as PNG) and travels in
 * the request; a clip or sound cannot, since the service takes them only by address, and
 * the sentence says how to give one.
 */
export async function fileMedia(intl: Formatter, file: File): Promise<Dropped> {
  const name = file.name || intl.formatMessage({ id: 'round.pastedPicture' });
  if (file.type.startsWith('video/') || file.type.startsWith('audio/')) {
    return { problem: intl.formatMessage({ id: 'round.dropNeedsAddress' }, { name }) };
  }
  if (!file.type.startsWith('image/')) {
    return { problem: intl.formatMessage({ id: 'round.dropNotMedia' }, { name }) };
  }
  const { maxBytes } = VIDEO_LIMITS.referenceImage;
  if (file.size > maxBytes) {
    const words = intl.formatMessage(
      { id: 'referenceImage.tooManyBytes' },
      { megabytes: maxBytes / 1024 / 1024 },
    );
    return { problem: `${name}: ${words}` };
  }
  const result = await bridge().invoke('video:inlineImage', { name, data: await base64Of(file) });
  return result.ok
    ? { type: 'image_url', url: result.value.url }
    : { problem: result.error.message };
}
