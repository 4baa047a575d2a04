import {
  useEffect,
  useEffectEvent,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useIntl } from 'react-intl';
import { formatPercent } from '../../src-shared/i18n/formats.ts';
import { containScale, type Size } from './viewport.ts';
import { Select } from '../ui/Select.tsx';
import './watermark.css';

/** Zoom steps in true pixels: 1 is one image pixel per screen pixel. */
const ZOOMS = [0.25, 0.5, 1, 2, 4] as const;

/** Two pictures of one image: the original and what became of it. */
export interface ComparedPair {
  /** The image's file name. */
  name: string;
  before: string;
  after: string;
  /** What the second picture is, after the name: "cleaned", "free preview". */
  afterWord: string;
  /** The heading: "Before and after: a.jpg". */
  title: string;
}

/**
 * The original and the cleaned image: on top of each other, split by a handle on the image,
 * or side by side with zoom and scrolling kept in step, so the same spot is always under the
 * eye. Previous and next (buttons, or P and N) walk through the results listed.
 */
export function CompareView(props: {
  pair: ComparedPair;
  /** Under the pictures: where the result was saved, or what a preview is. */
  note: ReactNode;
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
  onClose: () => void;
}) {
  const intl = useIntl();
  const { name, before, after, afterWord, title } = props.pair;
  const original = intl.formatMessage({ id: 'compare.original' });
  const picture = (what: string) => intl.formatMessage({ id: 'compare.picture' }, { name, what });
  const titleId = useId();
  const [mode, setMode] = useState<'slider' | 'side'>('slider');
  const [split, setSplit] = useState(50);
  /** Null is "fit": the whole image as large as the frame allows, never larger than its pixels. */
  const [zoom, setZoom] = useState<number | null>(null);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const [frameSize, setFrameSize] = useState<Size>({ width: 0, height: 0 });
  const frame = useRef<HTMLDivElement>(null);
  const panes = [useRef<HTMLDivElement>(null), useRef<HTMLDivElement>(null)];
  const syncing = useRef(false);
  const section = useRef<HTMLElement>(null);
  // Opened from a row far down the page: brought into view, not left below the fold.
  useEffect(() => {
    section.current?.scrollIntoView({ block: 'nearest' });
  }, [after]);
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    // The frame grows with the picture up to its largest height (set in watermark.css): that
    // height, not the picture's, is the room Fit has.
    const observer = new ResizeObserver(() => {
      const tallest = Number.parseFloat(getComputedStyle(el).maxHeight);
      setFrameSize({
        width: el.clientWidth,
        height: Number.isFinite(tallest) ? tallest : el.clientHeight,
      });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [mode, after]);
  const pane = {
    width: mode === 'side' ? frameSize.width / 2 - 4 : frameSize.width,
    height: frameSize.height,
  };
  // Fit is the whole picture, its bottom (where marks sit) included: width and height.
  const fit = natural ? containScale(pane, natural, 1) : 1;
  const scale = zoom ?? fit;
  const width = natural ? Math.round(natural.width * scale) : undefined;
  // Pixels are drawn as squares only when blown up; a smaller image is smoothed as usual.
  const pixelated = scale > 1 ? ' pixelated' : '';
  const sync = (from: number) => {
    if (syncing.current) return;
    const source = panes[from]?.current;
    const target = panes[1 - from]?.current;
    if (!source || !target) return;
    syncing.current = true;
    target.scrollLeft = source.scrollLeft;
    target.scrollTop = source.scrollTop;
    requestAnimationFrame(() => (syncing.current = false));
  };
  const keys = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    props.onClose();
  };
  useWalkKeys(section, props.onPrevious, props.onNext);
  const loaded = (img: HTMLImageElement) =>
    setNatural({ width: img.naturalWidth, height: img.naturalHeight });

  return (
    <section
      aria-labelledby={titleId}
      className="compare"
      ref={section}
      onKeyDown={keys}
      data-testid="compare"
    >
      <h2 id={titleId}>{title}</h2>
      <div className="actions">
        {(props.onPrevious || props.onNext) && (
          <>
            <button type="button" disabled={!props.onPrevious} onClick={() => props.onPrevious?.()}>
              {intl.formatMessage({ id: 'compare.previous' })}
            </button>
            <button type="button" disabled={!props.onNext} onClick={() => props.onNext?.()}>
              {intl.formatMessage({ id: 'compare.next' })}
            </button>
          </>
        )}
        <span className="spacer" />
        <button type="button" onClick={props.onClose}>
          {intl.formatMessage({ id: 'compare.close' })}
        </button>
      </div>
      <div className="actions">
        <button type="button" aria-pressed={mode === 'slider'} onClick={() => setMode('slider')}>
          {intl.formatMessage({ id: 'compare.slider' })}
        </button>
        <button type="button" aria-pressed={mode === 'side'} onClick={() => setMode('side')}>
          {intl.formatMessage({ id: 'compare.sideBySide' })}
        </button>
        <label>
          {intl.formatMessage({ id: 'compare.zoom' })}{' '}
          <Select
            value={zoom === null ? 'fit' : String(zoom)}
            options={[
              {
                value: 'fit',
                label: intl.formatMessage(
                  { id: 'compare.fit' },
                  { percent: formatPercent(intl, fit) },
                ),
              },
              ...ZOOMS.map((step) => ({
                value: String(step),
                label: formatPercent(intl, step),
              })),
            ]}
            onChange={(event) =>
              setZoom(event.target.value === 'fit' ? null : Number(event.target.value))
            }
          />
        </label>
      </div>
      <div className="compare-scroll" ref={frame}>
        {mode === 'slider' ? (
          <div className={`compare-frame${pixelated}`} style={{ width }}>
            <img src={after} alt={picture(afterWord)} onLoad={(e) => loaded(e.currentTarget)} />
            <img
              src={before}
              alt={picture(original)}
              className="before"
              style={{ clipPath: `inset(0 ${100 - split}% 0 0)` }}
            />
            <span className="compare-line" style={{ left: `${split}%` }} aria-hidden="true" />
            {/* A range across the whole picture: drag anywhere on it, or use the arrow keys. */}
            <input
              type="range"
              className="compare-handle"
              aria-label={intl.formatMessage({ id: 'compare.split' })}
              aria-valuetext={intl.formatMessage(
                { id: 'compare.splitValue' },
                { percent: formatPercent(intl, split / 100) },
              )}
              min={0}
              max={100}
              value={split}
              onChange={(event) => setSplit(Number(event.target.value))}
            />
          </div>
        ) : (
          <div className="side-by-side">
            {[before, after].map((src, index) => (
              <div
                key={src}
                ref={panes[index]}
                className={`pane${pixelated}`}
                onScroll={() => sync(index)}
                data-testid={`compare-pane-${index}`}
              >
                <img
                  src={src}
                  alt={picture(index === 0 ? original : afterWord)}
                  style={{ width }}
                  onLoad={(e) => loaded(e.currentTarget)}
                />
              </div>
            ))}
          </div>
        )}
      </div>
      {props.note}
    </section>
  );
}

/** A field that takes typed letters: N and P are typed there, not walked with. */
function typesText(target: EventTarget | null): boolean {
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement) {
    return !['checkbox', 'radio', 'range', 'button', 'submit', 'reset'].includes(target.type);
  }
  return target instanceof HTMLElement && target.isContentEditable;
}

/**
 * P and N walk the results whenever the compare view shows and no text field has focus, not
 * only after a click inside it; a dialog open over it (the mask editor) keeps its keys.
 */
function useWalkKeys(
  section: RefObject<HTMLElement | null>,
  onPrevious: (() => void) | null,
  onNext: (() => void) | null,
): void {
  const walk = useEffectEvent((event: globalThis.KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (typesText(event.target)) return;
    const over = [...document.querySelectorAll('[aria-modal="true"]')].some(
      (dialog) => !section.current || !dialog.contains(section.current),
    );
    if (over) return;
    const key = event.key.toLowerCase();
    const go = key === 'n' ? onNext : key === 'p' ? onPrevious : null;
    if (!go) return;
    event.preventDefault();
    go();
  });
  useEffect(() => {
    const keydown = (event: globalThis.KeyboardEvent) => walk(event);
    window.addEventListener('keydown', keydown);
    return () => window.removeEventListener('keydown', keydown);
  }, []);
}
