import { useEffect, useState } from 'react';
import type { StagedFile, WatermarkProposal } from '../../src-shared/ipc/contract.ts';
import type { Box } from '../../src-shared/domain/mask-anchor.ts';
import type { Stroke } from '../../src-shared/domain/strokes.ts';
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
function groupTitle(group: WatermarkProposal['groups'][number], files: Map<string, StagedFile>) {
  const first = files.get(group.images[0]?.token ?? '');
  const count = `${group.images.length} image${group.images.length === 1 ? '' : 's'}`;
  if (group.anchor === 'size') return `${count} of ${first?.width}×${first?.height}`;
  return `${count} of several sizes, the mark in the ${group.anchor.replace('-', ' ')} corner`;
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
      {state.kind === 'found' ? 'Cancel' : 'Close'}
    </button>
  );
  if (state.kind !== 'found') {
    return (
      <section className="finder" aria-label="Find the watermark">
        <h2>Find the watermark</h2>
        {state.kind === 'finding' ? (
          <div role="status" className="preview-making">
            <Progress label="Looking for the watermark" />
            <span>
              Looking for a mark the {staged.length} images share, on this computer, at no cost…
            </span>
          </div>
        ) : (
          <p className="error" role="alert">
            The watermark could not be looked for: {state.message}
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
      <h2 id="finder-title">The watermark found</h2>
      <p className="hint">
        Red shows what each image’s mask covers. Untick an image to leave it out; after using the
        masks, Edit mask adjusts any of them.
      </p>
      <div className="finder-groups">
        {proposal.groups.map((group, index) => {
          const found = group.images.filter((image) => image.present).length;
          return (
            <section
              key={index}
              className="finder-group"
              aria-label={groupTitle(group, files)}
              data-testid="finder-group"
            >
              <h3>
                {groupTitle(group, files)}:{' '}
                {group.masks.length === 0
                  ? 'no shared mark found; paint a mask by hand'
                  : `the mark is on ${found} of them`}
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
                  <p className="hint">
                    Only the service can clean these: cleaning on this computer measures the mark
                    across at least 3 images of one size that carry it.
                  </p>
                )
              )}
              <ul className="finder-cards">
                {group.images.slice(0, SHOWN_PER_GROUP).map((image) => {
                  const file = files.get(image.token);
                  if (!file) return null;
                  const percent = Math.round(Math.min(1, Math.max(0, image.score)) * 100);
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
                        {image.present
                          ? `mark found (${percent} %)`
                          : `no mark seen (${percent} %)`}
                      </span>
                    </li>
                  );
                })}
              </ul>
              {group.images.length > SHOWN_PER_GROUP && (
                <p className="hint">
                  And {group.images.length - SHOWN_PER_GROUP} more of this group, ticked the same
                  way by their scores.
                </p>
              )}
            </section>
          );
        })}
        {proposal.tooFew.length > 0 && (
          <section className="finder-group" aria-label="Marked by hand">
            <h3>To mark by hand ({proposal.tooFew.length})</h3>
            <ul className="skipped">
              {proposal.tooFew.map((item) => (
                <li key={item.token}>
                  {files.get(item.token)?.name}: {item.reason}
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
          Use the masks for {chosen.length} image{chosen.length === 1 ? '' : 's'}
          {free > 0 ? ` (${free} cleaned on this computer)` : ''}
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
        <legend>Who cleans them</legend>
        <label>
          <input
            type="radio"
            name={name}
            checked={props.engine === 'service'}
            onChange={() => props.onEngine('service')}
          />
          The service — 1 credit an image
        </label>
        <label>
          <input
            type="radio"
            name={name}
            checked={props.engine === 'local'}
            onChange={() => props.onEngine('local')}
          />
          On this computer — free
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
