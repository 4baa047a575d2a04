import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Select } from '../ui/Select.tsx';

export interface Clip {
  roundId: string;
  label: string;
  /** The clip's asset address when the service gave one; it can then be the reference itself. */
  asset: string | null;
}

/** `mm:ss`, or `mm:ss.s` when the time is not on a whole second. */
export function timestamp(seconds: number): string {
  const tenths = Math.max(0, Math.round(seconds * 10));
  const whole = Math.floor(tenths / 10);
  const minutes = String(Math.floor(whole / 60)).padStart(2, '0');
  const rest = String(whole % 60).padStart(2, '0');
  return tenths % 10 ? `${minutes}:${rest}.${tenths % 10}` : `${minutes}:${rest}`;
}

/**
 * Picking the times of an edit: play a finished clip of this project, scrub to a moment and
 * insert it, or mark a start and an end and insert the range. Both marks can also be typed,
 * for a reference video that exists only as an asset on the service and so cannot be played
 * here.
 */
export function ClipScrubber(props: {
  clips: readonly Clip[];
  previewBase: string;
  onInsert: (text: string) => void;
  onPickAsset: (asset: string) => void;
}) {
  const intl = useIntl();
  const player = useRef<HTMLVideoElement>(null);
  const [clipId, setClipId] = useState('');
  const [span, setSpan] = useState({ from: 0, to: 2 });
  const now = () => player.current?.currentTime ?? 0;
  return (
    <fieldset className="field clip-scrubber">
      <legend>{intl.formatMessage({ id: 'scrub.legend' })}</legend>
      {props.clips.length > 0 ? (
        <label>
          {intl.formatMessage({ id: 'scrub.play' })}{' '}
          <Select
            value={clipId}
            options={[
              { value: '', label: intl.formatMessage({ id: 'scrub.choose' }) },
              ...props.clips.map((clip) => ({ value: clip.roundId, label: clip.label })),
            ]}
            onChange={(event) => {
              setClipId(event.target.value);
              const asset = props.clips.find((clip) => clip.roundId === event.target.value)?.asset;
              if (asset) props.onPickAsset(asset);
            }}
          />
        </label>
      ) : (
        <span className="hint">{intl.formatMessage({ id: 'scrub.none' })}</span>
      )}
      {clipId && (
        <>
          <video
            ref={player}
            src={`${props.previewBase}round/${clipId}/video`}
            controls
            preload="auto"
            data-testid="scrub-player"
          />
          <span className="actions">
            <button type="button" onClick={() => props.onInsert(`[${timestamp(now())}] `)}>
              {intl.formatMessage({ id: 'scrub.insertNow' })}
            </button>
            <button type="button" onClick={() => setSpan({ ...span, from: now() })}>
              {intl.formatMessage({ id: 'scrub.startHere' })}
            </button>
            <button type="button" onClick={() => setSpan({ ...span, to: now() })}>
              {intl.formatMessage({ id: 'scrub.endHere' })}
            </button>
          </span>
        </>
      )}
      <span className="actions">
        {(['from', 'to'] as const).map((end) => (
          <label key={end}>
            {intl.formatMessage({ id: end === 'from' ? 'scrub.from' : 'scrub.to' })}{' '}
            <input
              type="number"
              min={0}
              step={0.1}
              value={span[end]}
              onChange={(event) => setSpan({ ...span, [end]: Number(event.target.value) })}
            />
          </label>
        ))}
        <button
          type="button"
          disabled={span.to <= span.from}
          onClick={() => props.onInsert(`[${timestamp(span.from)}-${timestamp(span.to)}] `)}
        >
          {intl.formatMessage({ id: 'scrub.insertRange' })}
        </button>
        {span.to <= span.from && (
          <span className="hint">{intl.formatMessage({ id: 'scrub.endAfterStart' })}</span>
        )}
      </span>
    </fieldset>
  );
}
