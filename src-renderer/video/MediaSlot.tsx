import { useEffect, useState } from 'react';
import { KIND_BY_TYPE, isAssetUrl } from '../../src-shared/api/video.ts';
import { DEMO_ASSETS, demoAssetUrl } from '../../src-shared/domain/demo-assets.ts';
import { referenceImageProblem } from '../../src-shared/domain/reference-image.ts';
import { bridge } from '../bridge.ts';
import type { Slot } from './presets.ts';

/** What the main process made of an address; a preview for another address is still loading. */
type Preview = { url: string } & (
  { state: 'shown'; token: string; width: number; height: number } | { state: 'failed' }
);

const ACCEPTS: Record<Slot['type'], string> = {
  image_url: 'asset:// or https://',
  video_url: 'asset://',
  audio_url: 'asset:// or https://',
};

function isWebAddress(url: string): boolean {
  return /^https?:\/\/\S+$/.test(url);
}

/**
 * One reference of a round: its role, its address and what it looks like. An image given by
 * web address is fetched once by the main process for a thumbnail, and what the service would
 * say of its size and shape goes up to the editor, which shows it with the other rules of this
 * slot; an uploaded asset has no preview, because
 * the service offers no way to read one back.
 */
export function MediaSlot(props: {
  slot: Slot;
  index: number;
  value: string;
  problem: string | undefined;
  previewBase: string;
  /** Offer the built-in simulator's own media, which it takes without an upload. */
  demo: boolean;
  onChange: (value: string) => void;
  /** Told what the service would say of the image behind a web address (null: it fits). */
  onChecked: (url: string, problem: string | null) => void;
}) {
  const { slot, index, value, onChecked } = props;
  // The address the user finished typing: fetching waits for the field to be left.
  const [settled, setSettled] = useState(value);
  const [preview, setPreview] = useState<Preview | null>(null);
  const wanted = slot.type === 'image_url' && isWebAddress(settled.trim()) ? settled.trim() : null;
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void bridge()
      .invoke('media:probeUrl', { url: wanted })
      .then((result) => {
        if (!live) return;
        if (!result.ok) {
          onChecked(wanted, result.error.message);
          return setPreview({ url: wanted, state: 'failed' });
        }
        const { token, width, height, bytes } = result.value;
        onChecked(wanted, referenceImageProblem(width, height, bytes)?.message ?? null);
        setPreview({ url: wanted, state: 'shown', token, width, height });
      });
    return () => {
      live = false;
    };
  }, [wanted, onChecked]);
  const role = slot.role.replace('_', ' ');
  const shown = wanted && preview?.url === wanted ? preview : null;
  const loading = wanted !== null && shown === null;
  return (
    <div className="field media-slot" data-testid={`media-slot-${index}`}>
      <label htmlFor={`slot-${index}`}>
        {role}, reference {index + 1} ({ACCEPTS[slot.type]})
      </label>
      <span className="media-slot-row">
        <span className="media-thumb" aria-hidden={shown?.state !== 'shown'}>
          {shown?.state === 'shown' ? (
            <img
              src={`${props.previewBase}staged/${shown.token}/thumb`}
              alt={`${role} preview`}
              title={`${shown.width}×${shown.height}`}
            />
          ) : (
            <span className="hint">
              {isAssetUrl(value.trim()) ? 'asset' : loading ? '…' : slot.type.replace('_url', '')}
            </span>
          )}
        </span>
        <input
          id={`slot-${index}`}
          value={value}
          placeholder={slot.type === 'video_url' ? 'asset://…' : 'asset://… or https://…'}
          onChange={(event) => props.onChange(event.target.value)}
          onBlur={() => setSettled(value)}
        />
      </span>
      {props.demo && (
        <span className="demo-assets" aria-label={`Demo media for reference ${index + 1}`}>
          <span className="hint">Demo media:</span>
          {DEMO_ASSETS.filter((asset) => asset.kind === KIND_BY_TYPE[slot.type]).map((asset) => (
            <button
              key={asset.id}
              type="button"
              aria-pressed={value.trim() === demoAssetUrl(asset)}
              onClick={() => props.onChange(demoAssetUrl(asset))}
            >
              {asset.label}
            </button>
          ))}
        </span>
      )}
      {shown?.state === 'shown' && (
        <span className="hint">
          {shown.width}×{shown.height}
        </span>
      )}
      {props.problem && (
        <span className="field-error error" role="alert" data-testid={`problem-slot-${index}`}>
          {props.problem}
        </span>
      )}
    </div>
  );
}
