import { useIntl, type IntlShape } from 'react-intl';
import type { StagedFile, WatermarkProposal } from '../../src-shared/ipc/contract.ts';
import { formatPercent } from '../../src-shared/i18n/formats.ts';
import { EngineChoice, type Engine } from './FinderEngineChoice.tsx';

type Group = WatermarkProposal['groups'][number];

/** Cards drawn per group: enough to judge the mask; the rest are counted, and ticked alike. */
const SHOWN_PER_GROUP = 48;

/** How a group of images is described: one size, or several sizes sharing a corner. */
function groupTitle(intl: IntlShape, group: Group, files: Map<string, StagedFile>): string {
  const first = files.get(group.images[0]?.token ?? '');
  const count = group.images.length;
  const sizes = new Set(
    group.images.map((image) => {
      const file = files.get(image.token);
      return `${file?.width}×${file?.height}`;
    }),
  );
  // Photos of one size that borrowed the mark of another size are still of one size.
  if (group.anchor === 'size' || sizes.size === 1) {
    const size = `${first?.width}×${first?.height}`;
    return intl.formatMessage({ id: 'finder.groupSize' }, { count, size });
  }
  // An ICU select key cannot hold a hyphen: the message names the corners top_left and so on.
  const corner = group.anchor.replace('-', '_');
  return intl.formatMessage({ id: 'finder.groupCorner' }, { count, corner });
}

/** What the group's heading says was found. */
function finding(intl: IntlShape, group: Group): string {
  if (group.refused) return group.refused;
  if (group.masks.length === 0) return intl.formatMessage({ id: 'finder.noShared' });
  const found = group.images.filter((image) => image.present).length;
  return intl.formatMessage({ id: 'finder.markOn' }, { count: found });
}

/** The share of each image the group's masks cover, as one figure or a range. */
function coverage(intl: IntlShape, group: Group): string {
  const shares = group.masks.map((mask) => mask.fraction);
  const low = formatPercent(intl, Math.min(...shares), 1);
  const high = formatPercent(intl, Math.max(...shares), 1);
  return intl.formatMessage(
    { id: 'finder.maskShare' },
    { share: low === high ? low : `${low}–${high}` },
  );
}

/**
 * One group of the finder's proposal: what was found, how much of each image its mask
 * covers, one box to tick or untick the whole group, and a card per image with its mask
 * over it, its score and, when the finder is not sure of it, why.
 */
export function FinderGroup(props: {
  index: number;
  group: Group;
  files: Map<string, StagedFile>;
  names: Map<string, string>;
  ticked: Record<string, boolean>;
  onTick: (tokens: readonly string[], on: boolean) => void;
  engine: Engine;
  onEngine: (engine: Engine) => void;
  previewBase: string;
  demo: boolean;
}) {
  const intl = useIntl();
  const { group, files, ticked } = props;
  const title = groupTitle(intl, group, files);
  const tickable = group.images.filter((image) => image.maskToken).map((image) => image.token);
  const tickedCount = tickable.filter((token) => ticked[token]).length;
  return (
    <section className="finder-group" aria-label={title} data-testid="finder-group">
      <h3>
        {intl.formatMessage(
          { id: 'finder.groupHeading' },
          { group: title, finding: finding(intl, group) },
        )}
      </h3>
      {group.masks.length > 0 && (
        <div className="finder-group-bar">
          <label>
            <input
              type="checkbox"
              checked={tickedCount === tickable.length}
              ref={(box) => {
                if (box) box.indeterminate = tickedCount > 0 && tickedCount < tickable.length;
              }}
              onChange={() => props.onTick(tickable, tickedCount < tickable.length)}
            />
            {intl.formatMessage({ id: 'finder.tickGroup' }, { count: tickable.length })}
          </label>
          <span className="hint">{coverage(intl, group)}</span>
        </div>
      )}
      {group.estimateId ? (
        <EngineChoice
          index={props.index}
          group={group}
          estimateId={group.estimateId}
          files={files}
          engine={props.engine}
          onEngine={props.onEngine}
          previewBase={props.previewBase}
          demo={props.demo}
        />
      ) : (
        group.masks.length > 0 && (
          <p className="hint">{intl.formatMessage({ id: 'finder.serviceOnly' })}</p>
        )
      )}
      <ul className="finder-cards">
        {group.images.slice(0, SHOWN_PER_GROUP).map((image) => {
          const file = files.get(image.token);
          if (!file) return null;
          const percent = formatPercent(intl, Math.min(1, Math.max(0, image.score)));
          const verdict = !image.present
            ? 'finder.noMark'
            : image.sure
              ? 'finder.markFound'
              : 'finder.unsure';
          return (
            <li key={image.token} className="finder-card" data-testid="finder-card">
              <span
                className="finder-picture"
                style={{ aspectRatio: `${file.width} / ${file.height}` }}
              >
                <img src={`${props.previewBase}staged/${file.token}/thumb`} alt="" />
                {image.maskToken && (
                  <img
                    src={`${props.previewBase}mask/${image.maskToken}`}
                    alt=""
                    className="finder-mask"
                  />
                )}
              </span>
              <label>
                <input
                  type="checkbox"
                  checked={ticked[image.token] === true}
                  disabled={!image.maskToken}
                  onChange={() => props.onTick([image.token], !ticked[image.token])}
                />
                <span className="finder-name" title={file.path}>
                  {props.names.get(file.token) ?? file.name}
                </span>
              </label>
              <span className={image.sure ? 'badge' : 'hint'}>
                {intl.formatMessage({ id: verdict }, { percent })}
              </span>
              {image.present && !image.sure && image.doubt && (
                <span className="hint finder-doubt">{image.doubt}</span>
              )}
            </li>
          );
        })}
      </ul>
      {group.images.length > SHOWN_PER_GROUP && (
        <p className="hint">
          {intl.formatMessage(
            { id: 'finder.more' },
            { count: group.images.length - SHOWN_PER_GROUP },
          )}
        </p>
      )}
    </section>
  );
}
