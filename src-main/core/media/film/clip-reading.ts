import {
  ALL_FORMATS,
  FilePathSource,
  Input,
  type InputAudioTrack,
  type InputVideoTrack,
} from 'mediabunny';
import { FilmJoinError } from './film-join-error.ts';
import { errorCode } from '../../error-code.ts';

/** One clip to join: its file, and how the user knows it ("shot 2's clip"). */
export interface FilmClip {
  file: string;
  label: string;
}

/** The clip's label ("Shot 2"), to begin a sentence with. */
export const sentenceLabel = (clip: FilmClip) =>
  `${clip.label.charAt(0).toUpperCase()}${clip.label.slice(1)}`;

/** What the join needs to know of a clip before copying a single packet. */
export interface ReadClip {
  clip: FilmClip;
  input: Input;
  video: InputVideoTrack;
  videoConfig: VideoDecoderConfig;
  audio: InputAudioTrack | undefined;
  audioConfig: AudioDecoderConfig | undefined;
  /** The earliest presentation time of any track: the clip starts here. */
  start: number;
  /** From `start` to the end of its longest track. */
  duration: number;
  /** Frames a second, averaged over the clip. */
  frameRate: number;
  videoPackets: number;
  audioPackets: number;
}

/**
 * Opens a clip and reads its tracks' descriptions. A file that is not a video the join can
 * copy is refused by name; the input stays open for the join, which disposes of it.
 */
export async function readClip(clip: FilmClip): Promise<ReadClip> {
  const input = new Input({ formats: ALL_FORMATS, source: new FilePathSource(clip.file) });
  try {
    const video = await input.getPrimaryVideoTrack();
    const videoConfig = video && (await video.getDecoderConfig());
    if (!video || !videoConfig) {
      throw new FilmJoinError({ id: 'core.film.notVideo', values: { label: sentenceLabel(clip) } });
    }
    const audio = (await input.getPrimaryAudioTrack()) ?? undefined;
    const audioConfig = (audio && (await audio.getDecoderConfig())) ?? undefined;
    const tracks = audio ? [video, audio] : [video];
    const start = Math.min(...(await Promise.all(tracks.map((t) => t.getFirstTimestamp()))));
    const end = await input.computeDuration(tracks);
    const videoStats = await video.computePacketStats();
    const audioPackets = audio ? (await audio.computePacketStats()).packetCount : 0;
    return {
      clip,
      input,
      video,
      videoConfig,
      audio,
      audioConfig,
      start,
      duration: end - start,
      frameRate: videoStats.averagePacketRate,
      videoPackets: videoStats.packetCount,
      audioPackets,
    };
  } catch (error) {
    input.dispose();
    if (error instanceof FilmJoinError) throw error;
    const missing = errorCode(error) === 'ENOENT';
    throw new FilmJoinError(
      missing
        ? { id: 'core.film.clipGone', values: { label: sentenceLabel(clip), file: clip.file } }
        : { id: 'core.film.notVideo', values: { label: sentenceLabel(clip) } },
      { cause: error },
    );
  }
}
