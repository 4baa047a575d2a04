import { useIntl } from 'react-intl';
import type { StagedFile } from '../../src-shared/ipc/contract.ts';
import { formatFileSize } from '../../src-shared/i18n/formats.ts';
import { useStagedNames } from './shown-names.ts';
import { VirtualList } from './VirtualList.tsx';
import { useWorkspace } from './workspace-store.ts';

const ROW_HEIGHT = 56;
const LIST_HEIGHT = 360;

/**
 * The staged images, a row each: its name (with its folder when another file has the same
 * name), size, mask and the buttons for its mask. Every row is the same grid of fixed columns
 * (see `.staged-row`), so a row with a mask's two buttons lines up with one without.
 */
export function StagedList(props: { previewBase: string; onPreview: (file: StagedFile) => void }) {
  const intl = useIntl();
  const ws = useWorkspace();
  const nameOf = useStagedNames();
  return (
    <VirtualList
      count={ws.staged.length}
      rowHeight={ROW_HEIGHT}
      height={LIST_HEIGHT}
      label={intl.formatMessage({ id: 'images.list' })}
      testId="staged-list"
      renderRow={(index) => {
        const file = ws.staged[index] as StagedFile;
        const name = nameOf(file);
        const masked = ws.masks[file.token] !== undefined;
        const scaledFrom = ws.scaledFrom[file.token];
        return (
          <div className="staged-row" data-testid="staged">
            <input
              type="checkbox"
              aria-label={intl.formatMessage({ id: 'images.select' }, { name })}
              checked={ws.selected[file.token] === true}
              onChange={() => ws.toggle(file.token)}
            />
            <img
              src={`${props.previewBase}staged/${file.token}/thumb`}
              alt=""
              className="thumb"
              loading="lazy"
            />
            <span className="staged-name">
              <span className="job-name" title={file.sourceUrl ?? file.path}>
                {file.sourceUrl
                  ? intl.formatMessage({ id: 'images.fromWeb' }, { name: file.name })
                  : name}
              </span>
              {ws.local[file.token] && (
                <span className="hint" data-testid="local-engine">
                  {intl.formatMessage({ id: 'images.localFree' })}
                </span>
              )}
              {file.cleaned && (
                <label className="cleaned" title={file.cleaned}>
                  <input
                    type="checkbox"
                    checked={ws.again[file.token] === true}
                    onChange={() => ws.toggleAgain(file.token)}
                  />
                  {intl.formatMessage({ id: 'images.cleanAgain' })}
                </label>
              )}
            </span>
            <span className="hint staged-size" data-testid="staged-size">
              {file.width}×{file.height} · {formatFileSize(intl, file.bytes)}
            </span>
            <span
              className={`staged-mask ${masked ? 'badge' : 'hint'}`}
              title={
                scaledFrom
                  ? intl.formatMessage({ id: 'images.scaledHint' }, { size: scaledFrom })
                  : undefined
              }
            >
              {intl.formatMessage({
                id: masked
                  ? scaledFrom
                    ? 'images.badge.scaled'
                    : 'images.badge.mask'
                  : 'images.badge.none',
              })}
            </span>
            <span className="staged-actions">
              <button
                type="button"
                onClick={() => ws.edit(file.token)}
                aria-label={intl.formatMessage(
                  { id: masked ? 'images.editMaskOf' : 'images.paintMaskOf' },
                  { name },
                )}
              >
                {intl.formatMessage({ id: masked ? 'images.editMask' : 'images.paintMask' })}
              </button>
              {masked && (
                <button
                  type="button"
                  onClick={() => props.onPreview(file)}
                  aria-label={intl.formatMessage({ id: 'images.previewFree' }, { name })}
                  title={intl.formatMessage({ id: 'images.previewHint' })}
                >
                  {intl.formatMessage({ id: 'images.preview' })}
                </button>
              )}
            </span>
          </div>
        );
      }}
    />
  );
}
