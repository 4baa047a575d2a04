import { useEffect, useState } from 'react';
import type { StagedFile, WatermarkProposal } from '../../src-shared/ipc/contract.ts';
import type { Stroke } from '../../src-shared/domain/strokes.ts';
import { bridge } from '../bridge.ts';
import { Progress } from '../ui/Progress.tsx';

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

/**
 * "Find the watermark": asks main for the mark the staged images share, shows the mask it
 * proposes over each image with how surely the mark is there, and lets the user untick
 * images before the masks are used. Nothing is sent or paid here.
 */
export function WatermarkFinder(props: {
  staged: readonly StagedFile[];
  previewBase: string;
  onUse: (strokes: Record<string, Stroke[]>) => void;
  onClose: () => void;
}) {
  const [state, setState] = useState<FinderState>({ kind: 'finding' });
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
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
  const chosen = proposal.groups
    .flatMap((group) => group.images)
    .filter((image) => ticked[image.token] && image.maskToken);
  const use = () =>
    props.onUse(
      Object.fromEntries(
        chosen.map((image) => [
          image.token,
          [{ kind: 'bitmap', token: image.maskToken as string }],
        ]),
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
        </button>
      </div>
    </section>
  );
}
