import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { Box } from '../../src-shared/domain/mask-anchor.ts';
import type { Stroke } from '../../src-shared/domain/strokes.ts';
import { formatPercent } from '../../src-shared/i18n/formats.ts';
import type { InvokeRequest } from '../../src-shared/ipc/contract.ts';
import { bridge } from '../bridge.ts';
import { MARKED_DIGITS } from './mask-words.ts';

/**
 * Tools on the whole mask (grow, shrink, invert, keep only what is in view), done in main at
 * the image's size; each gives one bitmap stroke, and a note of how much is marked.
 */
export function WholeMaskTools(props: {
  token: string;
  strokes: Stroke[];
  /** The part of the image in view now, in image pixels. */
  inView: () => Box;
  onMask: (strokes: Stroke[]) => void;
  onNote: (note: string) => void;
}) {
  const intl = useIntl();
  const [toolPixels, setToolPixels] = useState(4);
  const empty = props.strokes.length === 0;
  const wholeMask = async (tool: InvokeRequest<'mask:transform'>['tool'], done: string) => {
    const result = await bridge().invoke('mask:transform', {
      token: props.token,
      strokes: props.strokes,
      tool,
    });
    if (!result.ok) return props.onNote(result.error.message);
    props.onMask([{ kind: 'bitmap', token: result.value.maskToken }]);
    props.onNote(
      intl.formatMessage(
        { id: 'mask.toolDone' },
        { done, percent: formatPercent(intl, result.value.fraction, MARKED_DIGITS) },
      ),
    );
  };
  return (
    <div
      className="toolbar"
      role="toolbar"
      aria-label={intl.formatMessage({ id: 'mask.wholeTools' })}
    >
      <span className="hint">{intl.formatMessage({ id: 'mask.whole' })}</span>
      <label>
        {intl.formatMessage({ id: 'mask.by' })}
        <input
          type="number"
          className="tool-pixels"
          aria-label={intl.formatMessage({ id: 'mask.byLabel' })}
          min={1}
          max={500}
          value={toolPixels}
          onChange={(event) => setToolPixels(Math.max(1, Math.round(Number(event.target.value))))}
        />
        {intl.formatMessage({ id: 'mask.px' })}
      </label>
      {(
        [
          ['mask.grow', { kind: 'grow', pixels: toolPixels }, 'mask.grown'],
          ['mask.shrink', { kind: 'shrink', pixels: toolPixels }, 'mask.shrunk'],
          ['mask.invert', { kind: 'invert' }, 'mask.inverted'],
        ] as const
      ).map(([label, tool, done]) => (
        <button
          key={label}
          type="button"
          disabled={empty}
          onClick={() =>
            void wholeMask(tool, intl.formatMessage({ id: done }, { pixels: toolPixels }))
          }
        >
          {intl.formatMessage({ id: label })}
        </button>
      ))}
      <button
        type="button"
        disabled={empty}
        onClick={() =>
          void wholeMask(
            { kind: 'keepInside', box: props.inView() },
            intl.formatMessage({ id: 'mask.keptInView' }),
          )
        }
        title={intl.formatMessage({ id: 'mask.keepInViewHint' })}
      >
        {intl.formatMessage({ id: 'mask.keepInView' })}
      </button>
    </div>
  );
}
