import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useStagedNames } from './shown-names.ts';
import type { StagedFile, WatermarkProposal } from '../../src-shared/ipc/contract.ts';
import type { Stroke } from '../../src-shared/domain/strokes.ts';
import { useAppInfo } from '../app-info-store.ts';
import { bridge } from '../bridge.ts';
import { Progress } from '../ui/Progress.tsx';
import { FinderGroup } from './FinderGroup.tsx';
import { DEFAULT_ENGINE, type Engine } from './FinderEngineChoice.tsx';

type FinderState =
  | { kind: 'finding'; done: number; total: number }
  | { kind: 'found'; proposal: WatermarkProposal }
  | { kind: 'failed'; message: string };

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
  /**
   * The masks ticked, those cleaned on this computer, and the images it saw the mark on but
   * was not sure of, left unticked (as the command line leaves them out).
   */
  onUse: (
    strokes: Record<string, Stroke[]>,
    local: Record<string, string>,
    unsure: string[],
  ) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const [state, setState] = useState<FinderState>({ kind: 'finding', done: 0, total: 0 });
  const [ticked, setTicked] = useState<Record<string, boolean>>({});
  const [engines, setEngines] = useState<Record<number, Engine>>({});
  const demo = useAppInfo((app) => app.info?.demoMode === true);
  const { staged } = props;
  useEffect(() => {
    // Opened once per search (the dialog is mounted for it), so it starts in "finding".
    let current = true;
    const run = crypto.randomUUID();
    const stop = bridge().on('media:finderProgress', (progress) => {
      if (current && progress.run === run) {
        setState((was) => (was.kind === 'finding' ? { kind: 'finding', ...progress } : was));
      }
    });
    void bridge()
      .invoke('media:findWatermark', { tokens: staged.map((file) => file.token), run })
      .then((result) => {
        if (!current) return;
        if (!result.ok) {
          setState({ kind: 'failed', message: result.error.message });
          return;
        }
        const images = result.value.groups.flatMap((group) => group.images);
        // Only what the finder vouches for is ticked: a default nobody looked at spends nothing on a guess.
        setTicked(
          Object.fromEntries(images.map((image) => [image.token, image.sure && !!image.maskToken])),
        );
        setState({ kind: 'found', proposal: result.value });
      });
    return () => {
      current = false;
      stop();
    };
  }, [staged]);

  const files = new Map(staged.map((file) => [file.token, file]));
  const nameOf = useStagedNames();
  const names = new Map(staged.map((file) => [file.token, nameOf(file)]));
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
            <Progress
              label={intl.formatMessage({ id: 'finder.looking' })}
              {...(state.total > 0 ? { value: state.done, max: state.total } : {})}
            />
            <span>{intl.formatMessage({ id: 'finder.lookingFor' }, { count: staged.length })}</span>
          </div>
        ) : (
          // The core's sentence already says what could not be done and why.
          <p className="error" role="alert">
            {state.message}
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
        estimateId: (engines[index] ?? DEFAULT_ENGINE) === 'local' ? group.estimateId : null,
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
      proposal.groups.flatMap((group) =>
        group.images
          .filter((image) => image.doubt !== null && !ticked[image.token])
          .map((image) => image.token),
      ),
    );
  const tick = (tokens: readonly string[], on: boolean) =>
    setTicked({ ...ticked, ...Object.fromEntries(tokens.map((token) => [token, on])) });
  const leftOut = (title: string, label: string, items: WatermarkProposal['tooFew']) =>
    items.length > 0 && (
      <section className="finder-group" aria-label={label}>
        <h3>{title}</h3>
        <ul className="skipped">
          {items.map((item) => (
            <li key={item.token}>
              {intl.formatMessage(
                { id: 'images.reasonLine' },
                { name: names.get(item.token) ?? '', reason: item.reason },
              )}
            </li>
          ))}
        </ul>
      </section>
    );
  return (
    <section className="finder" aria-labelledby="finder-title" data-testid="finder">
      <h2 id="finder-title">{intl.formatMessage({ id: 'finder.found' })}</h2>
      <p className="hint">{intl.formatMessage({ id: 'finder.intro' })}</p>
      <div className="finder-groups">
        {proposal.groups.map((group, index) => (
          <FinderGroup
            key={index}
            index={index}
            group={group}
            files={files}
            names={names}
            ticked={ticked}
            onTick={tick}
            engine={engines[index] ?? DEFAULT_ENGINE}
            onEngine={(engine) => setEngines({ ...engines, [index]: engine })}
            previewBase={props.previewBase}
            demo={demo}
          />
        ))}
        {leftOut(
          intl.formatMessage({ id: 'finder.byHandTitle' }, { count: proposal.tooFew.length }),
          intl.formatMessage({ id: 'finder.byHand' }),
          proposal.tooFew,
        )}
        {leftOut(
          intl.formatMessage(
            { id: 'finder.unreadableTitle' },
            { count: proposal.unreadable.length },
          ),
          intl.formatMessage({ id: 'finder.unreadable' }),
          proposal.unreadable,
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
