import { useIntl } from 'react-intl';
import type { MessageId } from '../../src-shared/i18n/catalogues/en.ts';
import { formatPercent } from '../../src-shared/i18n/formats.ts';

export type Tool = 'brush' | 'eraser' | 'rect' | 'lasso';

export const TOOL_KEYS: Readonly<Record<string, Tool>> = {
  b: 'brush',
  e: 'eraser',
  r: 'rect',
  l: 'lasso',
};
const TOOL_NAMES: Readonly<Record<Tool, MessageId>> = {
  brush: 'mask.tool.brush',
  eraser: 'mask.tool.eraser',
  rect: 'mask.tool.rect',
  lasso: 'mask.tool.lasso',
};

/** The mask editor's painting tools, brush size and opacity, history, and the view's zoom. */
export function MaskToolbar(props: {
  tool: Tool;
  onTool: (tool: Tool) => void;
  size: number;
  maxSize: number;
  onSize: (size: number) => void;
  opacity: number;
  onOpacity: (opacity: number) => void;
  canUndo: boolean;
  canRedo: boolean;
  empty: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onClear: () => void;
  onFit: () => void;
  onFullSize: () => void;
  onImport: () => void;
  onExport: () => void;
  scale: number;
}) {
  const intl = useIntl();
  return (
    <div className="toolbar" role="toolbar" aria-label={intl.formatMessage({ id: 'mask.tools' })}>
      {(['brush', 'eraser', 'rect', 'lasso'] as const).map((name) => (
        <button
          key={name}
          type="button"
          aria-pressed={props.tool === name}
          onClick={() => props.onTool(name)}
        >
          {intl.formatMessage({ id: TOOL_NAMES[name] })}
        </button>
      ))}
      <label>
        {intl.formatMessage({ id: 'mask.size' })}{' '}
        <output data-testid="brush-size">
          {intl.formatMessage({ id: 'mask.pixels' }, { size: props.size })}
        </output>
        <input
          type="range"
          min={1}
          max={props.maxSize}
          value={props.size}
          onChange={(event) => props.onSize(Number(event.target.value))}
        />
      </label>
      <label>
        {intl.formatMessage({ id: 'mask.opacity' })}
        <input
          type="range"
          min={0.1}
          max={1}
          step={0.05}
          value={props.opacity}
          onChange={(event) => props.onOpacity(Number(event.target.value))}
        />
      </label>
      <button type="button" onClick={props.onUndo} disabled={!props.canUndo}>
        {intl.formatMessage({ id: 'mask.undo' })}
      </button>
      <button type="button" onClick={props.onRedo} disabled={!props.canRedo}>
        {intl.formatMessage({ id: 'mask.redo' })}
      </button>
      <button type="button" onClick={props.onClear} disabled={props.empty}>
        {intl.formatMessage({ id: 'mask.clear' })}
      </button>
      <button type="button" onClick={props.onImport}>
        {intl.formatMessage({ id: 'mask.import' })}
      </button>
      <button type="button" onClick={props.onExport} disabled={props.empty}>
        {intl.formatMessage({ id: 'mask.export' })}
      </button>
      <button type="button" onClick={props.onFit}>
        {intl.formatMessage({ id: 'mask.fit' })}
      </button>
      <button type="button" onClick={props.onFullSize}>
        {formatPercent(intl, 1)}
      </button>
      <output data-testid="zoom-level">
        {intl.formatMessage(
          { id: 'mask.zoomLevel' },
          { percent: formatPercent(intl, props.scale) },
        )}
      </output>
    </div>
  );
}
