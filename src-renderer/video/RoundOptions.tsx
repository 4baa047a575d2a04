import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { VIDEO_LIMITS, VIDEO_MODELS } from '../../src-shared/domain/limits.ts';
import { Select } from '../ui/Select.tsx';
import { MODES, type Mode, type RoundDraft } from './presets.ts';

/**
 * The prompt bar's compact controls: the kind of round (set by what is attached, and still
 * the user's to choose), length, ratio, resolution, sound and the AI watermark in one row;
 * the model and keeping the last frame, changed rarely, under "More options".
 */
export function RoundOptions(props: {
  draft: RoundDraft;
  set: (patch: Partial<RoundDraft>, fields?: readonly string[]) => void;
  /** The rule a field breaks, said next to it, or null. */
  message: (field: string) => ReactNode;
}) {
  const intl = useIntl();
  const { draft, set, message } = props;
  return (
    <div className="options">
      <label>
        {intl.formatMessage({ id: 'round.kind' })}
        <Select
          id="round-mode"
          aria-label={intl.formatMessage({ id: 'round.kind' })}
          value={draft.mode}
          options={(Object.keys(MODES) as Mode[]).map((mode) => ({
            value: mode,
            label: intl.formatMessage({ id: MODES[mode].message }),
          }))}
          onChange={(event) => {
            const mode = event.target.value as Mode;
            const ratio =
              mode === 'auto'
                ? VIDEO_LIMITS.adaptiveRatio
                : draft.ratio === VIDEO_LIMITS.adaptiveRatio
                  ? VIDEO_LIMITS.defaultRatio
                  : draft.ratio;
            set({ mode, urls: [], extraTypes: [], ratio }, []);
          }}
        />
      </label>
      <label>
        {intl.formatMessage({ id: 'round.duration' })}
        <input
          type="number"
          className="duration-field"
          aria-label={intl.formatMessage({ id: 'round.durationField' })}
          value={draft.mode === 'auto' ? VIDEO_LIMITS.autoDuration : draft.duration}
          disabled={draft.mode === 'auto'}
          onChange={(event) => set({ duration: Number(event.target.value) })}
        />
      </label>
      {message('duration')}
      <label>
        {intl.formatMessage({ id: 'round.ratio' })}
        <Select
          aria-label={intl.formatMessage({ id: 'round.ratio' })}
          value={draft.ratio}
          options={[
            ...(draft.mode === 'auto' ? [VIDEO_LIMITS.adaptiveRatio] : []),
            ...VIDEO_LIMITS.ratios,
          ].map((value) => ({ value, label: value }))}
          onChange={(event) => set({ ratio: event.target.value })}
        />
      </label>
      {message('ratio')}
      <label>
        {intl.formatMessage({ id: 'round.resolution' })}
        <Select
          value={draft.resolution}
          options={VIDEO_LIMITS.resolutions.map((value) => ({ value, label: value }))}
          onChange={(event) => set({ resolution: event.target.value })}
        />
      </label>
      <label>
        <input
          type="checkbox"
          checked={draft.generateAudio}
          onChange={(event) => set({ generateAudio: event.target.checked })}
        />{' '}
        {intl.formatMessage({ id: 'round.sound' })}
      </label>
      <label>
        <input
          type="checkbox"
          checked={draft.watermark}
          onChange={(event) => set({ watermark: event.target.checked })}
        />{' '}
        {intl.formatMessage({ id: 'round.watermark' })}
      </label>
      <details className="more-options">
        <summary>{intl.formatMessage({ id: 'round.moreOptions' })}</summary>
        <label>
          {intl.formatMessage({ id: 'round.model' })}
          <Select
            value={draft.model}
            options={Object.entries(VIDEO_MODELS).map(([id, model]) => ({
              value: id,
              label: model.label,
            }))}
            onChange={(event) => set({ model: event.target.value })}
          />
        </label>
        <label>
          <input
            type="checkbox"
            checked={draft.lastFrame}
            onChange={(event) => set({ lastFrame: event.target.checked })}
          />{' '}
          {intl.formatMessage({ id: 'round.keepLastFrame' })}
        </label>
      </details>
    </div>
  );
}
