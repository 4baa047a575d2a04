import {
  ALL_FORMATS,
  BufferSource,
  BufferTarget,
  Input,
  Mp4OutputFormat,
  Output,
  VideoSampleSink,
  VideoSampleSource,
  WebMOutputFormat,
  canEncodeVideo,
  type InputVideoTrack,
} from 'mediabunny';
import type { ClipRefusal } from '../../src-shared/domain/clip-jobs.ts';
import { FillMemory, liftPlane, type PlaneLift } from '../../src-shared/video-clean/mark-lift.ts';
import {
  adjustMask,
  encodeMask,
  maskShare,
  type ClipMask,
} from '../../src-shared/video-clean/mask-runs.ts';
import { frameFrom, readPlanes, type Planes } from './clip-planes.ts';
import { estimateMark, liftsFor, type ClipMoments } from './mark-sample.ts';

/** How long the moving before/after preview lasts, in seconds. */
export const STRETCH = 2;

/** What the window shows over a frame before Run: the mask, its share, how it is lifted. */
export interface ProposalView {
  /**
   * The frame at the clip's middle, as it is (PNG), and the mask over it (PNG, red), both
   * turned as the clip is shown; `width` and `height` are the shown size.
   */
  still: Blob;
  mask: Blob;
  share: number;
  /** The share of the mask's pixels that show the picture through and are un-blended. */
  unblended: number;
  /** The accepted mask's text (mask-runs.ts), what the run is to use. */
  text: string;
  width: number;
  height: number;
}

export interface PreviewView {
  still: Blob;
  before: Blob;
  after: Blob;
  type: string;
}

/** A picture stored unturned, as a PNG turned the way the clip is shown (`rotation`°). */
function turnedPng(picture: OffscreenCanvas, rotation: number): Promise<Blob> {
  const sideways = rotation === 90 || rotation === 270;
  const { width, height } = picture;
  const canvas = new OffscreenCanvas(sideways ? height : width, sideways ? width : height);
  const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D;
  context.translate(canvas.width / 2, canvas.height / 2);
  context.rotate((rotation * Math.PI) / 180);
  context.drawImage(picture, -width / 2, -height / 2);
  return canvas.convertToBlob({ type: 'image/png' });
}

const pictureOf = (planes: Planes, like: Parameters<typeof frameFrom>[1], rotation: number) => {
  const canvas = new OffscreenCanvas(planes.width, planes.height);
  const frame = frameFrom(planes, like);
  frame.draw(canvas.getContext('2d') as OffscreenCanvasRenderingContext2D, 0, 0);
  frame.close();
  return turnedPng(canvas, rotation);
};

const lifted = (planes: Planes, lifts: readonly PlaneLift[], memories?: FillMemory[]) => {
  [planes.y, planes.u, planes.v].forEach((plane, n) =>
    liftPlane(plane, lifts[n] as PlaneLift, memories?.[n]),
  );
  return planes;
};

/**
 * A staged clip's proposal (issue #38), made in a worker before Run: the mark estimated as
 * the run estimates it (`estimateMark`), shown over the frame at the clip's middle; the mask
 * grown or shrunk by the person, its lift made again from the kept means; and a free preview
 * (that frame and a two-second stretch, before and after) lifted by the same code, kept in
 * memory, written nowhere.
 */
export class ClipProposal {
  private mask: ClipMask;
  private lifts: [PlaneLift, PlaneLift, PlaneLift];

  private readonly input: Input;
  private readonly track: InputVideoTrack;
  private readonly moments: ClipMoments;
  private readonly found: ClipMask;
  private readonly middle: number;

  private constructor(
    input: Input,
    track: InputVideoTrack,
    moments: ClipMoments,
    found: ClipMask,
    middle: number,
  ) {
    this.input = input;
    this.track = track;
    this.moments = moments;
    this.found = found;
    this.middle = middle;
    this.mask = found;
    this.lifts = liftsFor(moments, found.mask, found.width, found.height);
  }

  static async open(bytes: Uint8Array): Promise<ClipProposal | { refused: ClipRefusal }> {
    const input = new Input({ formats: ALL_FORMATS, source: new BufferSource(bytes) });
    const track = await input.getPrimaryVideoTrack();
    if (!track) return { refused: 'no-video' };
    const stats = await track.computePacketStats();
    const estimate = await estimateMark(track, stats.packetCount);
    if ('refused' in estimate) return estimate;
    const first = await track.getFirstTimestamp();
    const end = await track.computeDuration();
    const { mask, width, height, moments } = estimate;
    return new ClipProposal(input, track, moments, { mask, width, height }, (first + end) / 2);
  }

  /** The found mask grown (`by` > 0) or shrunk (`by` < 0) by that many pixels, and its view. */
  async view(by: number): Promise<ProposalView> {
    this.mask = adjustMask(this.found, by);
    const { mask, width, height } = this.mask;
    this.lifts = liftsFor(this.moments, mask, width, height);
    const [luma] = this.lifts;
    const lifted = luma.unblend.at.length + luma.fill.at.length;
    const sample = await new VideoSampleSink(this.track).getSample(this.middle);
    if (!sample) throw new Error('the middle frame could not be read');
    try {
      const planes = await readPlanes(sample);
      if (!planes) throw new Error('the middle frame is not 8-bit 4:2:0');
      return {
        still: await pictureOf(planes, sample, this.track.rotation),
        mask: await maskPicture(this.mask, this.track.rotation),
        share: maskShare(mask),
        unblended: lifted === 0 ? 0 : luma.unblend.at.length / lifted,
        text: encodeMask(this.mask),
        ...(this.track.rotation % 180 === 0 ? { width, height } : { width: height, height: width }),
      };
    } finally {
      sample.close();
    }
  }

  /** The middle frame lifted, and STRETCH seconds round it before and after, encoded alike. */
  async preview(): Promise<PreviewView> {
    const stats = await this.track.computePacketStats();
    const size = { width: this.track.codedWidth, height: this.track.codedHeight };
    const codec = (await canEncodeVideo('avc', size)) ? 'avc' : 'vp9';
    const bitrate = Math.round(Math.min(40e6, Math.max(1e6, stats.averageBitrate)));
    const outputs = [0, 1].map(() => {
      const output = new Output({
        format:
          codec === 'avc'
            ? new Mp4OutputFormat({ fastStart: 'in-memory' })
            : new WebMOutputFormat(),
        target: new BufferTarget(),
      });
      const source = new VideoSampleSource({ codec, bitrate, keyFrameInterval: 1 });
      output.addVideoTrack(source, { rotation: this.track.rotation });
      return { output, source };
    });
    for (const { output } of outputs) await output.start();
    const memories = [new FillMemory(), new FillMemory(), new FillMemory()];
    let still: Blob | undefined;
    let planes: Planes | undefined;
    const from = Math.max(0, this.middle - STRETCH / 2);
    for await (const sample of new VideoSampleSink(this.track).samples(from, from + STRETCH)) {
      try {
        planes = await readPlanes(sample, planes);
        if (!planes) throw new Error('a frame is not 8-bit 4:2:0');
        const [before, after] = outputs as [(typeof outputs)[0], (typeof outputs)[0]];
        const original = frameFrom(planes, sample);
        await before.source.add(original);
        original.close();
        const cleaned = frameFrom(lifted(planes, this.lifts, memories), sample);
        await after.source.add(cleaned);
        cleaned.close();
        if (!still && sample.timestamp + sample.duration > this.middle)
          still = await pictureOf(planes, sample, this.track.rotation);
      } finally {
        sample.close();
      }
    }
    for (const { output } of outputs) await output.finalize();
    const type = codec === 'avc' ? 'video/mp4' : 'video/webm';
    const [before, after] = outputs.map(
      ({ output }) => new Blob([output.target.buffer as ArrayBuffer], { type }),
    ) as [Blob, Blob];
    if (!still) throw new Error('the middle frame could not be read');
    return { still, before, after, type };
  }

  close(): void {
    this.input.dispose();
  }
}

/** The mask as a picture to lay over the frame: red where marked, clear elsewhere. */
function maskPicture({ mask, width, height }: ClipMask, rotation: number): Promise<Blob> {
  const canvas = new OffscreenCanvas(width, height);
  const pixels = new ImageData(width, height);
  for (let i = 0; i < mask.length; i += 1) {
    if (mask[i] !== 1) continue;
    pixels.data.set([230, 30, 60, 255], i * 4);
  }
  (canvas.getContext('2d') as OffscreenCanvasRenderingContext2D).putImageData(pixels, 0, 0);
  return turnedPng(canvas, rotation);
}
