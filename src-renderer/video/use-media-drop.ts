import { useState, type ClipboardEvent, type DragEvent } from 'react';
import { useIntl } from 'react-intl';
import { attach } from '../../src-shared/domain/round-attachments.ts';
import { addressMedia, fileMedia, type Dropped } from './dropped-media.ts';
import { useDrafts } from './draft-store.ts';
import { EMPTY_DRAFT } from './presets.ts';

/**
 * Pictures, clips and sounds dropped or pasted onto the prompt bar become its attachments,
 * as the attach buttons make them (the kind of round follows): files from this computer,
 * a picture on the clipboard, an address of a picture, clip or sound, or a demo asset. What
 * cannot be attached is said, one sentence a thing, and the rest is attached all the same.
 * Text that names no media is left to the prompt as it would be.
 */
export function useMediaDrop(shotId: string, onAttached: () => void) {
  const intl = useIntl();
  const [problems, setProblems] = useState<readonly string[]>([]);
  const [over, setOver] = useState(false);
  const take = async (files: readonly File[], text: string) => {
    const found: Dropped[] = await Promise.all(files.map((file) => fileMedia(intl, file)));
    const address = files.length === 0 ? addressMedia(text) : null;
    if (address) found.push(address);
    // Read the draft now, after the pictures were checked: the user may have typed meanwhile.
    const kept = useDrafts.getState().kept[shotId];
    let draft = kept?.draft ?? EMPTY_DRAFT;
    for (const item of found) {
      if ('url' in item) draft = attach(draft, item.type, item.url);
    }
    useDrafts.getState().keep(shotId, { draft });
    onAttached();
    setProblems(found.flatMap((item) => ('problem' in item ? [item.problem] : [])));
  };
  /** Whether a transfer holds media to take: files, or an address naming a picture, clip or sound. */
  const takes = (files: readonly File[], text: string) =>
    files.length > 0 || addressMedia(text) !== null;
  return {
    problems,
    over,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (
          !event.dataTransfer.types.includes('Files') &&
          !event.dataTransfer.types.includes('text/uri-list')
        )
          return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      },
      onDragLeave: (event: DragEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      },
      onDrop: (event: DragEvent) => {
        setOver(false);
        const files = [...event.dataTransfer.files];
        const text =
          event.dataTransfer
            .getData('text/uri-list')
            .split(/\r?\n/)
            .find((line) => line && !line.startsWith('#')) ??
          event.dataTransfer.getData('text/plain');
        if (!takes(files, text)) return;
        event.preventDefault();
        void take(files, text);
      },
      onPaste: (event: ClipboardEvent) => {
        const files = [...event.clipboardData.files];
        const text = event.clipboardData.getData('text/plain');
        if (!takes(files, text)) return;
        event.preventDefault();
        void take(files, text);
      },
    },
  };
}
