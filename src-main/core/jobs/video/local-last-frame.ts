import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ALL_FORMATS, FilePathSource, Input } from 'mediabunny';
import sharp from 'sharp';
import { saveUnderFreeName } from '../../fs/save-under-free-name.ts';
import { writeSynced } from '../../fs/atomic-write.ts';
import { DECODE_LIMIT } from '../../media/decode.ts';
import { said } from '../../i18n/core-words.ts';
import { finishedOutputs, RoundRequestError } from './round-planning.ts';
import type { VideoRoundRow } from './video-rounds.ts';

/** The size a clip's pictures are shown at, or undefined when its file cannot be read. */
async function clipSize(clip: string): Promise<{ width: number; height: number } | undefined> {
  const input = new Input({ formats: ALL_FORMATS, source: new FilePathSource(clip) });
  try {
    const video = await input.getPrimaryVideoTrack();
    return video ? { width: video.displayWidth, height: video.displayHeight } : undefined;
  } catch {
    return undefined;
  } finally {
    input.dispose();
  }
}

/**
 * Keeps a frame the window took from the end of `clip` (its player decodes the clip; this
 * process has no video decoder) beside the clip, as `<clip>-last-frame.png`, never over a
 * file already there. The bytes must be an image of the clip's size: anything else is
 * refused with what to do. Returns where it went.
 */
export async function keepTakenFrame(clip: string, frame: Buffer): Promise<string> {
  const image = await sharp(frame, { failOn: 'error', ...DECODE_LIMIT })
    .metadata()
    .catch(() => undefined);
  if (!image?.width || !image.height) {
    throw new RoundRequestError({ id: 'core.rounds.frameUnreadable' });
  }
  const size = await clipSize(clip);
  if (size && (image.width !== size.width || image.height !== size.height)) {
    throw new RoundRequestError({
      id: 'core.rounds.frameSize',
      values: {
        frame: `${image.width}×${image.height}`,
        clip: `${size.width}×${size.height}`,
      },
    });
  }
  const png = await sharp(frame).png().toBuffer();
  const stem = path.basename(clip, path.extname(clip));
  return saveUnderFreeName(
    path.join(path.dirname(clip), `${stem}-last-frame.png`),
    (temp) => writeSynced(temp, png),
    { what: said('core.files.what.lastFrame'), again: said('core.files.again.extend') },
  );
}

/**
 * A last frame kept on this computer as an image the request carries itself (JPEG, so a
 * 720p frame adds about 200 KB to the request rather than 2 MB).
 */
export async function inlineFrame(file: string): Promise<string> {
  const jpeg = await sharp(await readFile(file), DECODE_LIMIT)
    .flatten({ background: '#000' })
    .jpeg({ quality: 90 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

/**
 * The frame a continuation of `round` starts from when the service gave no link to one: the
 * frame kept beside its clip (taken by the window, or downloaded), carried in the request.
 * Undefined when the service's link is there or nothing is kept.
 */
export async function keptFrameOf(round: VideoRoundRow): Promise<string | undefined> {
  if (finishedOutputs(round).lastFrameUrl || !round.last_frame_path) return undefined;
  return inlineFrame(round.last_frame_path).catch(() => undefined);
}
