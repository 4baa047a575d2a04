import type { MediaKind } from '../../src-shared/domain/references.ts';

/** An uploaded asset the simulator knows, addressed as `asset://<id>`. */
export interface AssetSpec {
  id: string;
  kind: MediaKind;
  /** Length of a video or audio asset. */
  durationSeconds?: number;
}

/** Assets every simulator has, so demo mode and tests can refer to media without uploads. */
export const DEMO_ASSETS: readonly AssetSpec[] = [
  { id: 'demo-image-landscape', kind: 'image' },
  { id: 'demo-image-portrait', kind: 'image' },
  { id: 'demo-video-8s', kind: 'video', durationSeconds: 8 },
  { id: 'demo-video-2s', kind: 'video', durationSeconds: 2 },
  { id: 'demo-audio-6s', kind: 'audio', durationSeconds: 6 },
];

export class AssetRegistry {
  private readonly byId = new Map<string, AssetSpec>();

  constructor(extra: readonly AssetSpec[] = []) {
    for (const asset of [...DEMO_ASSETS, ...extra]) this.byId.set(asset.id, asset);
  }

  /** The asset behind an `asset://` URL, or undefined for other URLs and unknown ids. */
  resolve(url: string): AssetSpec | undefined {
    const match = /^asset:\/\/([^\s/?#]+)/.exec(url);
    return match ? this.byId.get(match[1] as string) : undefined;
  }
}
