import { open, readFile, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import {
  ALL_FORMATS,
  BufferSource,
  EncodedAudioPacketSource,
  EncodedPacketSink,
  EncodedVideoPacketSource,
  Input,
  Mp4OutputFormat,
  Output,
  StreamTarget,
  type StreamTargetChunk,
  type EncodedPacket,
  type InputAudioTrack,
  type InputTrack,
  type InputVideoTrack,
} from 'mediabunny';
import { saveUnderFreeName } from '../../fs/save-under-free-name.ts';
import { readClip, sentenceLabel, type FilmClip, type ReadClip } from './clip-reading.ts';
import { FilmJoinError } from './film-join-error.ts';
import { joinedData, planJoin, type JoinPlan } from './join-plan.ts';
import { said } from '../../i18n/core-words.ts';

export type { FilmClip };
export { FilmJoinError };

/** Characters no file system takes in a name, replaced in the film's name. */
const UNSAFE_IN_NAMES = /[/\\:*?"<>|\p{Cc}]/gu;

/** A project's name as a file name: what the file systems refuse replaced, never empty. */
export function filmFileName(projectName: string): string {
  const cleaned = projectName.replace(UNSAFE_IN_NAMES, '-').trim().replace(/^\.+/, '');
  return `${cleaned.slice(0, 120) || 'film'}.mp4`;
}

/**
 * Joins the clips, in order, into one MP4 in `folder` named `fileName` (or the first free
 * numbered name after it), copying their encoded frames and sound as they are: nothing is
 * re-encoded, so the film is exactly its clips. Clips that cannot follow one another that
 * way (size, frame rate, format, sound) are refused with a `FilmJoinError` naming them.
 * Returns the film's path.
 */
export async function joinClips(
  clips: readonly FilmClip[],
  folder: string,
  fileName: string,
): Promise<string> {
  const read: ReadClip[] = [];
  try {
    // Opened all at once: each waits on small reads of its own file's index.
    const opened = await Promise.allSettled(clips.map((clip) => readClip(clip)));
    for (const result of opened) if (result.status === 'fulfilled') read.push(result.value);
    const failed = opened.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const plan = planJoin(read);
    return await saveUnderFreeName(
      path.join(folder, fileName),
      (temp) => writeFilm(read, plan, temp),
      { what: said('core.files.what.film'), again: said('core.files.again.join') },
    );
  } finally {
    for (const clip of read) clip.input.dispose();
  }
}

/** Clips up to this size are read in one go for the copy: half the time of piece by piece. */
const READ_WHOLE_UP_TO = 512 * 1024 * 1024;

/** The clip's tracks again, from its bytes read at once when it is small enough to hold. */
async function wholeClip(clip: ReadClip): Promise<{
  video: InputVideoTrack;
  audio: InputAudioTrack | undefined;
  dispose(): void;
}> {
  const { size } = await stat(clip.clip.file);
  if (size > READ_WHOLE_UP_TO) return { ...clip, dispose: () => undefined };
  const input = new Input({
    formats: ALL_FORMATS,
    source: new BufferSource(await readFile(clip.clip.file)),
  });
  const video = await input.getPrimaryVideoTrack();
  if (!video) {
    throw new FilmJoinError({
      id: 'core.film.changed',
      values: { label: sentenceLabel(clip.clip) },
    });
  }
  return {
    video,
    audio: (await input.getPrimaryAudioTrack()) ?? undefined,
    dispose: () => input.dispose(),
  };
}

/**
 * A track's packets in decode order, each asked for after the one before: for a copy, where
 * nothing is decoded, this took half the time of `EncodedPacketSink.packets()`, whose
 * look-ahead serves decoders (measured on the video-join benchmark's clips).
 */
export async function* packetsOf(track: InputTrack): AsyncGenerator<EncodedPacket> {
  const sink = new EncodedPacketSink(track);
  for (let packet = await sink.getFirstPacket(); packet; packet = await sink.getNextPacket(packet))
    yield packet;
}

async function writeFilm(clips: readonly ReadClip[], plan: JoinPlan, file: string): Promise<void> {
  const handle = await open(file, 'w');
  const output = new Output({
    // Space for the index is kept at the front, so a player starts before the film is loaded.
    format: new Mp4OutputFormat({ fastStart: 'reserve' }),
    target: fileTarget(handle),
  });
  try {
    await copyClips(clips, plan, output);
  } catch (error) {
    // The error that stopped the copy is the one to report, not one from tidying up after it.
    await output.cancel().catch(() => undefined);
    throw error;
  } finally {
    await handle.close();
  }
}

/**
 * Writes each piece where the muxer puts it, as it comes. mediabunny's own file target
 * first gathers pieces into 16 MiB blocks, one more copy of every byte: about a tenth
 * slower on the video-join benchmark, and 16 MiB more held at once.
 */
function fileTarget(handle: FileHandle): StreamTarget {
  return new StreamTarget(
    new WritableStream<StreamTargetChunk>({
      write: async (chunk) => {
        await handle.write(chunk.data, 0, chunk.data.byteLength, chunk.position);
      },
    }),
    { chunked: false },
  );
}

async function copyClips(
  clips: readonly ReadClip[],
  plan: JoinPlan,
  output: Output,
): Promise<void> {
  const first = clips[0] as ReadClip;
  const count = (pick: (clip: ReadClip) => number) => clips.reduce((n, c) => n + pick(c), 0);
  const video = new EncodedVideoPacketSource(
    first.video.codec as NonNullable<typeof first.video.codec>,
  );
  output.addVideoTrack(video, {
    rotation: first.video.rotation,
    maximumPacketCount: count((clip) => clip.videoPackets),
  });
  const audio =
    first.audio?.codec && plan.audioConfig
      ? new EncodedAudioPacketSource(first.audio.codec)
      : undefined;
  if (audio) output.addAudioTrack(audio, { maximumPacketCount: count((c) => c.audioPackets) });
  await output.start();
  let cursor = 0;
  let videoMeta: EncodedVideoChunkMetadata | undefined = { decoderConfig: plan.videoConfig };
  let audioMeta: EncodedAudioChunkMetadata | undefined = plan.audioConfig && {
    decoderConfig: plan.audioConfig,
  };
  for (const [index, clip] of clips.entries()) {
    const shift = cursor - clip.start;
    const rewrite = plan.rewrites[index];
    const whole = await wholeClip(clip);
    const copyVideo = async () => {
      for await (const packet of packetsOf(whole.video)) {
        const data = joinedData(packet, rewrite);
        await video.add(packet.clone({ data, timestamp: packet.timestamp + shift }), videoMeta);
        videoMeta = undefined;
      }
    };
    const copyAudio = async () => {
      if (!audio || !whole.audio) return;
      for await (const packet of packetsOf(whole.audio)) {
        await audio.add(packet.clone({ timestamp: packet.timestamp + shift }), audioMeta);
        audioMeta = undefined;
      }
    };
    // Both tracks at once, so the muxer interleaves them as a player reads them.
    try {
      await Promise.all([copyVideo(), copyAudio()]);
    } finally {
      whole.dispose();
    }
    cursor += clip.duration;
  }
  await output.finalize();
}
