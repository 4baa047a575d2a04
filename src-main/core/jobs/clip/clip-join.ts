import path from 'node:path';
import {
  ALL_FORMATS,
  EncodedAudioPacketSource,
  EncodedVideoPacketSource,
  FilePathSource,
  FilePathTarget,
  Input,
  Mp4OutputFormat,
  Output,
  WebMOutputFormat,
} from 'mediabunny';
import type { ClipContainer } from '../../../../src-shared/domain/clip-jobs.ts';
import { readClip, type ReadClip } from '../../media/film/clip-reading.ts';
import { packetsOf } from '../../media/film/film-join.ts';
import { avcPlan, joinedData, type PacketRewrite } from '../../media/film/join-plan.ts';

/**
 * Joins a clip's cleaned segments, in order, into one file at `target`: their encoded frames
 * copied untouched (each segment was encoded on its own and starts on a key frame, so they
 * follow one another as they are; H.264 segments whose encoder settings differ carry their
 * own before each key frame, as a film's clips do), and the sound copied once, packet for
 * packet, from the source clip. Returns the frames written.
 */
export async function joinSegments(
  files: readonly string[],
  source: string,
  container: ClipContainer,
  target: string,
): Promise<number> {
  const read: ReadClip[] = [];
  const input = new Input({ formats: ALL_FORMATS, source: new FilePathSource(source) });
  try {
    for (const [n, file] of files.entries())
      read.push(await readClip({ file, label: `${path.basename(source)} (${n + 1})` }));
    const first = read[0];
    if (!first) throw new Error('no segment to join');
    const plan =
      first.video.codec === 'avc'
        ? avcPlan(read)
        : { videoConfig: first.videoConfig, rewrites: read.map(() => undefined) };
    const audio = (await input.getPrimaryAudioTrack()) ?? undefined;
    const output = new Output({
      format:
        container === 'mp4'
          ? new Mp4OutputFormat({ fastStart: 'reserve' })
          : new WebMOutputFormat(),
      target: new FilePathTarget(target),
    });
    const frames = read.reduce((sum, clip) => sum + clip.videoPackets, 0);
    const video = new EncodedVideoPacketSource(
      first.video.codec as NonNullable<typeof first.video.codec>,
    );
    output.addVideoTrack(video, { rotation: first.video.rotation, maximumPacketCount: frames });
    const sound = audio?.codec ? new EncodedAudioPacketSource(audio.codec) : undefined;
    if (audio && sound) {
      const count = (await audio.computePacketStats()).packetCount;
      output.addAudioTrack(sound, { maximumPacketCount: count });
    }
    await output.start();
    try {
      const copyVideo = async () => {
        let meta: EncodedVideoChunkMetadata | undefined = { decoderConfig: plan.videoConfig };
        for (const [n, clip] of read.entries()) {
          const rewrite: PacketRewrite | undefined = plan.rewrites[n];
          for await (const packet of packetsOf(clip.video)) {
            const data = joinedData(packet, rewrite);
            await video.add(rewrite ? packet.clone({ data }) : packet, meta);
            meta = undefined;
          }
        }
      };
      const copySound = async () => {
        if (!audio || !sound) return;
        const decoderConfig = (await audio.getDecoderConfig()) ?? undefined;
        let meta: EncodedAudioChunkMetadata | undefined = decoderConfig && { decoderConfig };
        for await (const packet of packetsOf(audio)) {
          await sound.add(packet, meta);
          meta = undefined;
        }
      };
      // Both tracks at once, so the muxer interleaves them as a player reads them.
      await Promise.all([copyVideo(), copySound()]);
      await output.finalize();
    } catch (error) {
      await output.cancel().catch(() => undefined);
      throw error;
    }
    return frames;
  } finally {
    for (const clip of read) clip.input.dispose();
    input.dispose();
  }
}
