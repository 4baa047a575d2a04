import type { MediaKind } from './references.ts';

/** An uploaded asset the built-in simulator knows, addressed as `asset://<id>`. */
export interface DemoAsset {
  id: string;
  kind: MediaKind;
  /** How the round form names it when offering it as a reference. */
  label: string;
  /** Length of a video or audio asset. */
  durationSeconds?: number;
}

/**
 * Assets every simulator has, so demo mode and tests can refer to media without uploads. The
 * simulator serves them and the round form offers them while video is in demo mode.
 */
export const DEMO_ASSETS: readonly DemoAsset[] = [
  { id: 'demo-image-landscape', kind: 'image', label: 'Landscape photo' },
  { id: 'demo-image-portrait', kind: 'image', label: 'Portrait photo' },
  { id: 'demo-video-8s', kind: 'video', label: '8-second clip', durationSeconds: 8 },
  { id: 'demo-video-2s', kind: 'video', label: '2-second clip', durationSeconds: 2 },
  { id: 'demo-audio-6s', kind: 'audio', label: '6-second sound', durationSeconds: 6 },
];

export function demoAssetUrl(asset: DemoAsset): string {
  return `asset://${asset.id}`;
}

/** The demo asset an `asset://` address names, or undefined for any other address. */
export function demoAssetOf(url: string): DemoAsset | undefined {
  const id = /^asset:\/\/([^\s/?#]+)$/.exec(url.trim())?.[1];
  return DEMO_ASSETS.find((asset) => asset.id === id);
}

/**
 * Where, under its own origin, the simulator serves a picture of each demo image asset, at
 * `<path><id>`: the service reads no asset back, so only the stand-in can show one.
 */
export const DEMO_PICTURES_PATH = '/demo-pictures/';
