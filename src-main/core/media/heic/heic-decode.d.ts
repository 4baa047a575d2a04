/** heic-decode 2 (libheif in WebAssembly) ships no types: the part Clearframe calls. */
declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    /** RGBA, 8 bits a channel, the container's own rotation and mirroring applied. */
    data: Uint8ClampedArray;
  }
  /** Decodes the first top-level image (the primary one in a camera's photo). */
  function decode(input: { buffer: Uint8Array }): Promise<DecodedImage>;
  export default decode;
}
