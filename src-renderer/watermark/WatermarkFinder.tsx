import { useEffect, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { StagedFile, WatermarkProposal } from '../../src-shared/ipc/contract.ts';
import type { Box } from '../../src-shared/domain/mask-anchor.ts';
import type { Stroke } from '../../src-shared/domain/strokes.ts';
import { formatCredits, formatPercent } from '../../src-shared/i18n/formats.ts';
import { useAppInfo } from '../app-info-store.ts';
import { bridge } from '../bridge.ts';
import { Progress } from '../ui/Progress.tsx';
import { EnginePreviews } from './EnginePreviews.tsx';

type FinderState =
  | { kind: 'finding' }
  | { kind: 'found'; proposal: WatermarkProposal }
  | { kind: 'failed'; message: string };

/** Cards drawn per group: enough to judge the mask; the rest are counted, and ticked alike. */
const SHOWN_PER_GROUP = 48;

/** How a group of images is described: one size, or several sizes sharing a corner. */
function groupTitle(
  intl: IntlShape,
  group: WatermarkProposal['groups'][number],
  files: Map<string, StagedFile>,
): string {
  const first = files.get(group.images[0]?.token ?? '');
  const count = group.images.length;
  if (group.anchor === 'size') {
    const size = `${first?.width}×${first?.height}`;
    return intl.formatMessage({ id: 'finder.groupSize' }, { count, size });
  }
  // An ICU select key cannot hold a hyphen: the message names the corners top_left and so on.
  const corner = group.anchor.replace('-', '_');
  return intl.formatMessage({ id: 'finder.groupCorner' }, { count, corner });
}

type Engine = 'service' | 'local';

/**
 * "Find the watermark": asks main for the mark the staged images share, shows the mask it
 * proposes over each image with how surely the mark is there, and lets the user untick
 * images before the masks are used. A group whose mark was measured may be cleaned on this
 * computer instead of by the service: one of its images is shown cleaned both ways, side
 * by side, before the choice. Nothing is sent or paid here, but for a preview the user
 * confirms (free in demo mode).
 */
export function WatermarkFinder(props: {
  staged: readonly StagedFile[];
  previewBase: string;
  /** The masks to use, and for images to clean on this computer, the measurement of their mark. */
  onUse: (strokes: Record<string, Stroke[]>, local: Record<string, string>) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const [state, setState] = useState<FinderState>({ kind: 'finding' });
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const [engines, setEngines] = useState<Record<number, Engine>>({});
  const demo = useAppInfo((app) => app.info?.demoMode === true);
  const { staged } = props;
  useEffect(() => {
    // Opened once per search (the dialog is mounted for it), so it starts in "finding".
    let current = true;
    void bridge()
      .invoke('media:findWatermark', { tokens: staged.map((file) => file.token) })
      .then((result) => {
        if (!current) return;
        if (!result.ok) {
          setState({ kind: 'failed', message: result.error.message });
          return;
        }
        const images = result.value.groups.flatMap((group) => group.images);
        setTicked(
          Object.fromEntries(
            images.map((image) => [image.token, image.present && !!image.maskToken]),
          ),
        );
        setState({ kind: 'found', proposal: result.value });
      });
    return () => {
      current = false;
    };
  }, [staged]);

  const files = new Map(staged.map((file) => [file.token, file]));
  const close = (
    <button type="button" onClick={props.onClose}>
      {intl.formatMessage({ id: state.kind === 'found' ? 'finder.cancel' : 'finder.close' })}
    </button>
  );
  if (state.kind !== 'found') {
    return (
      <section className="finder" aria-label={intl.formatMessage({ id: 'images.find' })}>
        <h2>{intl.formatMessage({ id: 'images.find' })}</h2>
        {state.kind === 'finding' ? (
          <div role="status" className="preview-making">
            <Progress label={intl.formatMessage({ id: 'finder.looking' })} />
            <span>{intl.formatMessage({ id: 'finder.lookingFor' }, { count: staged.length })}</span>
          </div>
        ) : (
          <p className="error" role="alert">
            {intl.formatMessage({ id: 'finder.failed' }, { reason: state.message })}
          </p>
        )}
        <div className="actions">
          <span className="spacer" />
          {close}
        </div>
      </section>
    );
  }

  const { proposal } = state;
  const chosen = proposal.groups.flatMap((group, index) =>
    group.images
      .filter((image) => ticked[image.token] && image.maskToken)
      .map((image) => ({
        image,
        estimateId: engines[index] === 'local' ? group.estimateId : null,
      })),
  );
  const free = chosen.filter((entry) => entry.estimateId).length;
  const use = () =>
    props.onUse(
      Object.fromEntries(
        chosen.map(({ image }) => [
          image.token,
          [{ kind: 'bitmap', token: image.maskToken as string }],
        ]),
      ),
      Object.fromEntries(
        chosen.flatMap(({ image, estimateId }) => (estimateId ? [[image.token, estimateId]] : [])),
      ),
    );
  return (
    <section className="finder" aria-labelledby="finder-title" data-testid="finder">
      <h2 id="finder-title">{intl.formatMessage({ id: 'finder.found' })}</h2>
      <p className="hint">{intl.formatMessage({ id: 'finder.intro' })}</p>
      <div className="finder-groups">
        {proposal.groups.map((group, index) => {
          const found = group.images.filter((image) => image.present).length;
          const title = groupTitle(intl, group, files);
          return (
            <section
              key={index}
              className="finder-group"
              aria-label={title}
              data-testid="finder-group"
            >
              <h3>
                {intl.formatMessage(
                  { id: 'finder.groupHeading' },
                  {
                    group: title,
                    finding:
                      group.masks.length === 0
                        ? intl.formatMessage({ id: 'finder.noShared' })
                        : intl.formatMessage({ id: 'finder.markOn' }, { count: found }),
                  },
                )}
              </h3>
              {group.estimateId ? (
                <EngineChoice
                  index={index}
                  group={group}
                  estimateId={group.estimateId}
                  files={files}
                  engine={engines[index] ?? 'service'}
                  onEngine={(engine) => setEngines({ ...engines, [index]: engine })}
                  previewBase={props.previewBase}
                  demo={demo}
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
                          onChange={() =>
                            setTicked({ ...ticked, [image.token]: !ticked[image.token] })
                          }
                        />
                        <span className="finder-name">{file.name}</span>
                      </label>
                      <span className={image.present ? 'badge' : 'hint'}>
                        {intl.formatMessage(
                          { id: image.present ? 'finder.markFound' : 'finder.noMark' },
                          { percent },
                        )}
                      </span>
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
        })}
        {proposal.tooFew.length > 0 && (
          <section
            className="finder-group"
            aria-label={intl.formatMessage({ id: 'finder.byHand' })}
          >
            <h3>
              {intl.formatMessage({ id: 'finder.byHandTitle' }, { count: proposal.tooFew.length })}
            </h3>
            <ul className="skipped">
              {proposal.tooFew.map((item) => (
                <li key={item.token}>
                  {intl.formatMessage(
                    { id: 'images.reasonLine' },
                    { name: files.get(item.token)?.name ?? '', reason: item.reason },
                  )}
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
      <div className="actions">
        <span className="spacer" />
        {close}
        <button type="button" className="primary" disabled={chosen.length === 0} onClick={use}>
          {intl.formatMessage({ id: 'finder.use' }, { count: chosen.length, free })}
        </button>
      </div>
    </section>
  );
}

/** Pixels of photo shown around the marks in the side-by-side previews. */
const AROUND_PX = 24;

/** The box around every mark of the group on an image of this size, widened a little. */
function aroundMarks(group: WatermarkProposal['groups'][number], file: StagedFile): Box {
  const boxes =
    group.masks.find((mask) => mask.width === file.width && mask.height === file.height)?.boxes ??
    [];
  if (boxes.length === 0) return { x: 0, y: 0, width: file.width, height: file.height };
  const x = Math.max(0, Math.min(...boxes.map((box) => box.x)) - AROUND_PX);
  const y = Math.max(0, Math.min(...boxes.map((box) => box.y)) - AROUND_PX);
  const right = Math.min(
    file.width,
    Math.max(...boxes.map((box) => box.x + box.width)) + AROUND_PX,
  );
  const bottom = Math.min(
    file.height,
    Math.max(...boxes.map((box) => box.y + box.height)) + AROUND_PX,
  );
  return { x, y, width: right - x, height: bottom - y };
}

/** Who cleans a measured group, with one of its images cleaned both ways to judge by. */
function EngineChoice(props: {
  index: number;
  group: WatermarkProposal['groups'][number];
  estimateId: string;
  files: Map<string, StagedFile>;
  engine: Engine;
  onEngine: (engine: Engine) => void;
  previewBase: string;
  demo: boolean;
}) {
  const intl = useIntl();
  const { group, index } = props;
  const sample = [...group.images]
    .filter((image) => image.present && image.maskToken)
    .sort((a, b) => b.score - a.score)[0];
  const file = sample && props.files.get(sample.token);
  const [strokes] = useState<Stroke[]>(() =>
    sample ? [{ kind: 'bitmap', token: sample.maskToken as string }] : [],
  );
  const name = `engine-${index}`;
  return (
    <>
      <fieldset className="engine-choice">
        <legend>{intl.formatMessage({ id: 'finder.who' })}</legend>
        <label>
          <input
            type="radio"
            name={name}
            checked={props.engine === 'service'}
            onChange={() => props.onEngine('service')}
          />
          {intl.formatMessage({ id: 'finder.byService' }, { credits: formatCredits(intl, 1) })}
        </label>
        <label>
          <input
            type="radio"
            name={name}
            checked={props.engine === 'local'}
            onChange={() => props.onEngine('local')}
          />
          {intl.formatMessage({ id: 'finder.byComputer' })}
        </label>
      </fieldset>
      {file && (
        <EnginePreviews
          file={file}
          strokes={strokes}
          estimateId={props.estimateId}
          around={aroundMarks(group, file)}
          previewBase={props.previewBase}
          demo={props.demo}
        />
      )}
    </>
  );
}
