import { ALL_FORMATS, FilePathSource, Input } from 'mediabunny';

/**
 * How many seconds a video or sound file on this computer plays, read from its container by
 * mediabunny without decoding a frame. Throws when the file is missing or not one it reads.
 */
export async function mediaSeconds(file: string): Promise<number> {
  const input = new Input({ formats: ALL_FORMATS, source: new FilePathSource(file) });
  try {
    const tracks = await input.getTracks();
    if (tracks.length === 0) throw new Error(`${file} holds no video or sound`);
    return await input.computeDuration();
  } finally {
    input.dispose();
  }
}
