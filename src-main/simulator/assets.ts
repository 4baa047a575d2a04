import { DEMO_ASSETS } from '../../src-shared/domain/demo-assets.ts';
import type { MediaKind } from '../../src-shared/domain/references.ts';

/** An uploaded asset the simulator knows, addressed as `asset://<id>`. */
export interface AssetSpec {
  id: string;
  kind: MediaKind;
  /** Length of a video or audio asset. */
  durationSeconds?: number;
}

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
