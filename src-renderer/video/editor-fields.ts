import type { MediaItemType } from '../../src-shared/api/video.ts';
import type { MessageId } from '../../src-shared/i18n/catalogues/en.ts';

/** Which field a rule's complaint belongs next to: `prompt`, `slot-N`, or an option's name. */
export function fieldOf(param: string, slots: Map<number, number>): string {
  const item = /^content\[(\d+)\]/.exec(param);
  if (item) {
    const slot = slots.get(Number(item[1]));
    return slot === undefined ? 'prompt' : `slot-${slot}`;
  }
  return param === 'content' ? 'prompt' : param;
}

/** The references a round can take more of, as the editor offers them. */
export const ADDABLE: readonly { type: MediaItemType; message: MessageId }[] = [
  { type: 'image_url', message: 'round.addImage' },
  { type: 'video_url', message: 'round.addVideo' },
  { type: 'audio_url', message: 'round.addAudio' },
];
