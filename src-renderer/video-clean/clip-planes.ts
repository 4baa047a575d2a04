import { VideoSample } from 'mediabunny';

/** One frame's planes, packed with no padding: luma, then the two half-size chroma planes. */
export interface Planes {
  data: Uint8Array;
  width: number;
  height: number;
  y: Uint8Array;
  u: Uint8Array;
  v: Uint8Array;
}

/** The packed layout of a width×height I420 frame. */
export function planeLayout(width: number, height: number) {
  const chromaWidth = Math.ceil(width / 2);
  const chromaSize = chromaWidth * Math.ceil(height / 2);
  return {
    size: width * height + 2 * chromaSize,
    layout: [
      { offset: 0, stride: width },
      { offset: width * height, stride: chromaWidth },
      { offset: width * height + chromaSize, stride: chromaWidth },
    ],
  };
}

/**
 * A decoded frame's planes, copied into `into` (reused from frame to frame). Only 8-bit
 * 4:2:0 (what H.264, VP9 and AV1 decoders give for ordinary footage) is read: any other
 * format answers undefined and the caller says the clip is not supported.
 */
export async function readPlanes(sample: VideoSample, into?: Planes): Promise<Planes | undefined> {
  if (sample.format !== 'I420') return undefined;
  const { width, height } = sample.visibleRect;
  const { size, layout } = planeLayout(width, height);
  const data = into && into.data.length === size ? into.data : new Uint8Array(size);
  await sample.copyTo(data, { layout });
  const chroma = (layout[2]?.offset ?? 0) - (layout[1]?.offset ?? 0);
  return {
    data,
    width,
    height,
    y: data.subarray(0, width * height),
    u: data.subarray(width * height, width * height + chroma),
    v: data.subarray(width * height + chroma),
  };
}

/** A new frame from planes, shown when `like` was and described as it was. */
export function frameFrom(planes: Planes, like: VideoSample): VideoSample {
  return new VideoSample(planes.data, {
    format: 'I420',
    codedWidth: planes.width,
    codedHeight: planes.height,
    layout: planeLayout(planes.width, planes.height).layout,
    timestamp: like.timestamp,
    duration: like.duration,
    colorSpace: like.colorSpace.toJSON(),
  });
}
