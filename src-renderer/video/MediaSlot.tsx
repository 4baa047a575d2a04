import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { KIND_BY_TYPE, isAssetUrl, isInlineImageUrl } from '../../src-shared/api/video.ts';
import { ROLE_MESSAGES } from '../../src-shared/api/video-request-issue.ts';
import { DEMO_ASSETS, demoAssetUrl } from '../../src-shared/domain/demo-assets.ts';
import { bridge } from '../bridge.ts';
import type { MessageId } from '../../src-shared/i18n/catalogues/en.ts';
import type { Slot } from './presets.ts';

/**
 * What fetching an image address found: the image's size, which the editor holds to the
 * service's rules in the reader's language when it shows them, or why it could not be read.
 */
export type ImageCheck = { width: number; height: number; bytes: number } | { failed: string };

/** What the main process made of an address; a preview for another address is still loading. */
type Preview = { url: string } & (
  | { state: 'shown'; token: string; width: number; height: number }
  | { state: 'failed'; reason: string }
);

/** What a slot's field takes: a reference video only as an uploaded asset. */
const TAKES_WEB_ADDRESS: Readonly<Record<Slot['type'], boolean>> = {
  image_url: true,
  video_url: false,
  audio_url: true,
};

/** What an empty thumbnail says: the kind of media the slot wants. */
const THUMB_MESSAGES: Readonly<Record<Slot['type'], MessageId>> = {
  image_url: 'round.thumb.image',
  video_url: 'round.thumb.video',
  audio_url: 'round.thumb.audio',
};

/** The simulator's own media by id, named in the reader's language. */
const DEMO_ASSET_MESSAGES: Readonly<Record<string, MessageId>> = {
  'demo-image-landscape': 'round.demoAsset.demo-image-landscape',
  'demo-image-portrait': 'round.demoAsset.demo-image-portrait',
  'demo-video-8s': 'round.demoAsset.demo-video-8s',
  'demo-video-2s': 'round.demoAsset.demo-video-2s',
  'demo-audio-6s': 'round.demoAsset.demo-audio-6s',
};

function isWebAddress(url: string): boolean {
  return /^https?:\/\/\S+$/.test(url);
}

/**
 * One reference of a round: its role, its address and what it looks like. An image given by
 * web address is fetched once by the main process for a thumbnail, and what the service would
 * say of its size and shape goes up to the editor, which shows it with the other rules of this
 * slot. An uploaded image asset is asked for too: the service gives none back, so only demo
 * mode's own pictures show, and any other asset keeps its box with the main process's reason
 * beside it (the round still sends it as written).
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
  /** Told what fetching the image behind a web address found: its size, or why it failed. */
  onChecked: (url: string, found: ImageCheck) => void;
}) {
  const intl = useIntl();
  const { slot, index, value, onChecked } = props;
  // A picture chosen on this computer travels inside the request: the field shows its name.
  const [chosen, setChosen] = useState<{ url: string; name: string; size: string } | null>(null);
  const [chooseError, setChooseError] = useState<string | null>(null);
  const inline = isInlineImageUrl(value.trim());
  const chooseFile = async () => {
    const result = await bridge().invoke('video:chooseImage');
    if (!result.ok) return setChooseError(result.error.message);
    setChooseError(null);
    const { image } = result.value;
    if (!image) return;
    setChosen({
      url: image.url,
      name: image.name,
      size: intl.formatMessage({ id: 'round.size' }, { width: image.width, height: image.height }),
    });
    props.onChange(image.url);
  };
  // The address the user finished typing: fetching waits for the field to be left.
  const [settled, setSettled] = useState(value);
  const [preview, setPreview] = useState<Preview | null>(null);
  const wanted =
    slot.type === 'image_url' && (isWebAddress(settled.trim()) || isAssetUrl(settled.trim()))
      ? settled.trim()
      : null;
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    void bridge()
      .invoke('media:probeUrl', { url: wanted })
      .then((result) => {
        if (!live) return;
        if (!result.ok) {
          // An asset that cannot be shown is no fault of the round: the service reads it.
          if (!isAssetUrl(wanted)) onChecked(wanted, { failed: result.error.message });
          return setPreview({ url: wanted, state: 'failed', reason: result.error.message });
        }
        const { token, width, height, bytes } = result.value;
        onChecked(wanted, { width, height, bytes });
        setPreview({ url: wanted, state: 'shown', token, width, height });
      });
    return () => {
      live = false;
    };
  }, [wanted, onChecked]);
  const role = intl.formatMessage({ id: ROLE_MESSAGES[slot.role] });
  const webToo = TAKES_WEB_ADDRESS[slot.type];
  const number = index + 1;
  const shown = wanted && preview?.url === wanted ? preview : null;
  const loading = wanted !== null && shown === null;
  const size =
    shown?.state === 'shown'
      ? intl.formatMessage({ id: 'round.size' }, { width: shown.width, height: shown.height })
      : '';
  return (
    <div className="field media-slot" data-testid={`media-slot-${index}`}>
      <label htmlFor={`slot-${index}`}>
        {intl.formatMessage(
          { id: 'round.slot' },
          {
            role,
            number,
            accepts: webToo ? intl.formatMessage({ id: 'round.acceptsAssetOrWeb' }) : 'asset://',
          },
        )}
      </label>
      <span className="media-slot-row">
        <span className="media-thumb" aria-hidden={shown?.state !== 'shown' && !inline}>
          {inline ? (
            <img
              src={value.trim()}
              alt={intl.formatMessage({ id: 'round.slotPreview' }, { role })}
            />
          ) : shown?.state === 'shown' ? (
            <img
              src={`${props.previewBase}staged/${shown.token}/thumb`}
              alt={intl.formatMessage({ id: 'round.slotPreview' }, { role })}
              title={size}
            />
          ) : (
            <span className="hint">
              {isAssetUrl(value.trim())
                ? intl.formatMessage({ id: 'round.thumb.asset' })
                : loading
                  ? '…'
                  : intl.formatMessage({ id: THUMB_MESSAGES[slot.type] })}
            </span>
          )}
        </span>
        {inline ? (
          <span className="inline-file" id={`slot-${index}`} data-testid={`inline-file-${index}`}>
            {chosen?.url === value.trim()
              ? intl.formatMessage({ id: 'round.fromComputer' }, { name: chosen.name })
              : intl.formatMessage({ id: 'round.fromComputerUnnamed' })}
            {chosen?.url === value.trim() && <span className="hint"> · {chosen.size}</span>}
          </span>
        ) : (
          <input
            id={`slot-${index}`}
            value={value}
            placeholder={intl.formatMessage({
              id: webToo ? 'round.slotPlaceholder' : 'round.assetPlaceholder',
            })}
            onChange={(event) => props.onChange(event.target.value)}
            onBlur={() => setSettled(value)}
          />
        )}
        {slot.type === 'image_url' &&
          (inline ? (
            <button type="button" onClick={() => props.onChange('')}>
              {intl.formatMessage({ id: 'round.clearFile' })}
            </button>
          ) : (
            <button type="button" onClick={() => void chooseFile()}>
              {intl.formatMessage({ id: 'round.chooseFile' })}
            </button>
          ))}
      </span>
      {chooseError && (
        <span className="field-error error" role="alert" data-testid={`choose-error-${index}`}>
          {chooseError}
        </span>
      )}
      {props.demo && (
        <span
          className="demo-assets"
          aria-label={intl.formatMessage({ id: 'round.demoMediaFor' }, { number })}
        >
          <span className="hint">{intl.formatMessage({ id: 'round.demoMedia' })}</span>
          {DEMO_ASSETS.filter((asset) => asset.kind === KIND_BY_TYPE[slot.type]).map((asset) => (
            <button
              key={asset.id}
              type="button"
              aria-pressed={value.trim() === demoAssetUrl(asset)}
              onClick={() => {
                // Picked, not typed: the picture is looked for at once.
                setSettled(demoAssetUrl(asset));
                props.onChange(demoAssetUrl(asset));
              }}
            >
              {DEMO_ASSET_MESSAGES[asset.id]
                ? intl.formatMessage({ id: DEMO_ASSET_MESSAGES[asset.id] })
                : asset.label}
            </button>
          ))}
        </span>
      )}
      {shown?.state === 'shown' && <span className="hint">{size}</span>}
      {shown?.state === 'failed' && isAssetUrl(shown.url) && (
        <span className="hint" data-testid={`asset-note-${index}`}>
          {shown.reason}
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
