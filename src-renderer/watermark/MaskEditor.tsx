import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { useIntl } from 'react-intl';
import { marksNothing } from '../../src-shared/domain/mask-raster.ts';
import type { Stroke } from '../../src-shared/domain/strokes.ts';
import type { MessageId } from '../../src-shared/i18n/catalogues/en.ts';
import { formatPercent } from '../../src-shared/i18n/formats.ts';
import type { InvokeRequest, StagedFile } from '../../src-shared/ipc/contract.ts';
import { bridge } from '../bridge.ts';
import { MARKED_DIGITS, useMaskImport } from './mask-import-question.tsx';
import './watermark.css';

type Tool = 'brush' | 'eraser' | 'rect' | 'lasso';
type Point = [number, number];

interface View {
  scale: number;
  x: number;
  y: number;
}

const TOOL_KEYS: Record<string, Tool> = { b: 'brush', e: 'eraser', r: 'rect', l: 'lasso' };
const TOOL_NAMES: Readonly<Record<Tool, MessageId>> = {
  brush: 'mask.tool.brush',
  eraser: 'mask.tool.eraser',
  rect: 'mask.tool.rect',
  lasso: 'mask.tool.lasso',
};

/**
 * Paints one stroke onto the mask layer, in image coordinates under the view's transform.
 * An imported mask is drawn from its overlay (red where marked, clear elsewhere).
 */
function paint(
  ctx: CanvasRenderingContext2D,
  stroke: Stroke,
  size: { width: number; height: number },
  overlays: ReadonlyMap<string, HTMLImageElement>,
): void {
  const erase = stroke.kind === 'eraser' || ('erase' in stroke && stroke.erase === true);
  ctx.globalCompositeOperation = erase ? 'destination-out' : 'source-over';
  if (stroke.kind === 'bitmap') {
    const overlay = overlays.get(stroke.token);
    if (overlay?.complete) ctx.drawImage(overlay, 0, 0, size.width, size.height);
    return;
  }
  ctx.fillStyle = ctx.strokeStyle = '#ff2d2d';
  if (stroke.kind === 'brush' || stroke.kind === 'eraser') {
    const [first, ...rest] = stroke.points;
    if (!first) return;
    ctx.lineWidth = stroke.radius * 2;
    ctx.lineCap = ctx.lineJoin = 'round';
    ctx.beginPath();
    ctx.moveTo(first[0], first[1]);
    for (const [x, y] of rest.length ? rest : [first]) ctx.lineTo(x, y);
    ctx.stroke();
  } else if (stroke.kind === 'rect') {
    ctx.fillRect(stroke.x, stroke.y, stroke.width, stroke.height);
  } else {
    const [first, ...rest] = stroke.points;
    if (!first) return;
    ctx.beginPath();
    ctx.moveTo(first[0], first[1]);
    for (const [x, y] of rest) ctx.lineTo(x, y);
    ctx.closePath();
    ctx.fill();
  }
}

/** Where the mask goes once painted: this image only, or the others it fits too. */
export type MaskTarget = 'this' | 'same-size' | 'selected' | 'all';

/**
 * The mask editor: the image on a canvas with zoom (wheel) and pan (space-drag or middle
 * button), brush, eraser, rectangle and lasso, undo and redo, the original held on O, and
 * the mask's opacity. Strokes stay in image pixels; main turns them into the mask file.
 * The canvas has the size it is shown at, so the image keeps its own shape.
 */
export function MaskEditor(props: {
  file: StagedFile;
  previewBase: string;
  strokes: Stroke[];
  /** The size of the image the mask was drawn on, when it was scaled to this one. */
  scaledFrom?: string | undefined;
  /** How many staged images share this one's size (itself included), and how many are selected. */
  sameSize: number;
  selected: number;
  /** How many images are staged in all, of every size. */
  total: number;
  onSave: (strokes: Stroke[], target: MaskTarget) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const { file } = props;
  const canvas = useRef<HTMLCanvasElement>(null);
  const layer = useRef<HTMLCanvasElement | null>(null);
  const image = useRef<HTMLImageElement | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [history, setHistory] = useState<{ past: Stroke[][]; now: Stroke[]; future: Stroke[][] }>({
    past: [],
    now: props.strokes,
    future: [],
  });
  const [tool, setTool] = useState<Tool>('brush');
  const [size, setSize] = useState(Math.max(4, Math.round(Math.min(file.width, file.height) / 60)));
  const [opacity, setOpacity] = useState(0.55);
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  const [original, setOriginal] = useState(false);
  const draft = useRef<{ points: Point[]; start?: Point; panFrom?: Point } | null>(null);
  const space = useRef(false);
  const [, redrawDraft] = useState(0);
  const overlays = useRef(new Map<string, HTMLImageElement>());
  const [maskNote, setMaskNote] = useState<string | null>(null);
  const [pointer, setPointer] = useState<Point | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [toolPixels, setToolPixels] = useState(4);
  const changed = history.now !== props.strokes;
  // Leaving keeps nothing painted here, so with changes it is asked about first.
  const close = props.onClose;
  const leave = useCallback(() => (changed ? setLeaving(true) : close()), [changed, close]);
  const keep = useRef<HTMLButtonElement>(null);
  // The button that was pressed is gone: focus goes to the answer that keeps the work.
  useEffect(() => {
    if (leaving) keep.current?.focus();
  }, [leaving]);
  // Imported masks show from their overlays; each is fetched once and redrawn when it arrives.
  useEffect(() => {
    for (const stroke of history.now) {
      if (stroke.kind !== 'bitmap' || overlays.current.has(stroke.token)) continue;
      const img = new Image();
      img.onload = () => redrawDraft((n) => n + 1);
      img.src = `${props.previewBase}mask/${stroke.token}`;
      overlays.current.set(stroke.token, img);
    }
  }, [history.now, props.previewBase]);

  /** A tool on the whole mask, done in main at the image's size; the result is one bitmap. */
  const wholeMask = async (tool: InvokeRequest<'mask:transform'>['tool'], done: string) => {
    const result = await bridge().invoke('mask:transform', {
      token: file.token,
      strokes: history.now,
      tool,
    });
    if (!result.ok) return setMaskNote(result.error.message);
    commit([{ kind: 'bitmap', token: result.value.maskToken }]);
    setMaskNote(
      intl.formatMessage(
        { id: 'mask.toolDone' },
        { done, percent: formatPercent(intl, result.value.fraction, MARKED_DIGITS) },
      ),
    );
  };
  /** The part of the image the canvas shows now, in image pixels. */
  const inView = () => {
    const el = canvas.current;
    const left = Math.max(0, -view.x / view.scale);
    const top = Math.max(0, -view.y / view.scale);
    const right = Math.min(file.width, ((el?.width ?? 0) - view.x) / view.scale);
    const bottom = Math.min(file.height, ((el?.height ?? 0) - view.y) / view.scale);
    return { x: left, y: top, width: Math.max(1, right - left), height: Math.max(1, bottom - top) };
  };
  const exportMask = async () => {
    const result = await bridge().invoke('mask:export', {
      token: file.token,
      strokes: history.now,
    });
    setMaskNote(
      result.ok
        ? result.value.path
          ? intl.formatMessage({ id: 'mask.saved' }, { path: result.value.path })
          : null
        : result.error.message,
    );
  };

  const fit = useCallback(() => {
    const el = canvas.current;
    if (!el) return;
    const scale = Math.min(el.width / file.width, el.height / file.height);
    setView({
      scale,
      x: (el.width - file.width * scale) / 2,
      y: (el.height - file.height * scale) / 2,
    });
  }, [file.width, file.height]);

  useEffect(() => {
    const img = new Image();
    img.onload = () => {
      image.current = img;
      setLoaded(true);
      fit();
    };
    img.src = `${props.previewBase}staged/${file.token}`;
  }, [file.token, props.previewBase, fit]);

  // One canvas pixel per CSS pixel: a canvas of another shape than its box would stretch it.
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const observer = new ResizeObserver(() => {
      const width = Math.max(1, Math.round(el.clientWidth));
      const height = Math.max(1, Math.round(el.clientHeight));
      if (el.width === width && el.height === height) return;
      el.width = width;
      el.height = height;
      fit();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [fit]);

  // Not passive, so the page behind the editor never scrolls. The wheel zooms about the
  // pointer; with Alt held it sizes the brush instead.
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const wheel = (event: WheelEvent) => {
      event.preventDefault();
      const grow = event.deltaY < 0;
      if (event.altKey) {
        setSize((s) =>
          grow ? Math.min(4000, Math.round(s * 1.15) + 1) : Math.max(1, Math.round(s / 1.15)),
        );
        return;
      }
      const rect = el.getBoundingClientRect();
      const cx = ((event.clientX - rect.left) * el.width) / rect.width;
      const cy = ((event.clientY - rect.top) * el.height) / rect.height;
      const factor = grow ? 1.15 : 1 / 1.15;
      setView((v) => {
        const scale = Math.min(32, Math.max(0.02, v.scale * factor));
        return {
          scale,
          x: cx - ((cx - v.x) * scale) / v.scale,
          y: cy - ((cy - v.y) * scale) / v.scale,
        };
      });
    };
    el.addEventListener('wheel', wheel, { passive: false });
    return () => el.removeEventListener('wheel', wheel);
  }, []);

  const commit = useCallback((next: Stroke[]) => {
    setHistory((h) => ({ past: [...h.past, h.now], now: next, future: [] }));
  }, []);
  const { importMask, question: wholeMaskQuestion } = useMaskImport(
    file.token,
    commit,
    setMaskNote,
  );
  const undo = useCallback(() => {
    setHistory((h) => {
      const previous = h.past.at(-1);
      return previous
        ? { past: h.past.slice(0, -1), now: previous, future: [h.now, ...h.future] }
        : h;
    });
  }, []);
  const redo = useCallback(() => {
    setHistory((h) => {
      const [next, ...future] = h.future;
      return next ? { past: [...h.past, h.now], now: next, future } : h;
    });
  }, []);

  // Everything is drawn again when anything changes: the image, then the mask layer on top.
  useEffect(() => {
    const el = canvas.current;
    const img = image.current;
    if (!el || !img) return;
    const ctx = el.getContext('2d');
    if (!ctx) return;
    layer.current ??= document.createElement('canvas');
    const maskCanvas = layer.current;
    maskCanvas.width = el.width;
    maskCanvas.height = el.height;
    const mask = maskCanvas.getContext('2d');
    if (!mask) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, el.width, el.height);
    ctx.setTransform(view.scale, 0, 0, view.scale, view.x, view.y);
    ctx.imageSmoothingEnabled = view.scale < 1;
    ctx.drawImage(img, 0, 0, file.width, file.height);
    if (original) return;
    mask.setTransform(view.scale, 0, 0, view.scale, view.x, view.y);
    for (const stroke of history.now) paint(mask, stroke, file, overlays.current);
    const d = draft.current;
    if (d && !d.panFrom) {
      if (tool === 'rect' && d.start && d.points[0]) {
        const [a, b] = [d.start, d.points[d.points.length - 1] as Point];
        paint(
          mask,
          {
            kind: 'rect',
            x: Math.min(a[0], b[0]),
            y: Math.min(a[1], b[1]),
            width: Math.abs(b[0] - a[0]),
            height: Math.abs(b[1] - a[1]),
          },
          file,
          overlays.current,
        );
      } else if (tool === 'lasso' && d.points.length > 2) {
        paint(mask, { kind: 'polygon', points: d.points }, file, overlays.current);
      } else if ((tool === 'brush' || tool === 'eraser') && d.points.length) {
        paint(mask, { kind: tool, points: d.points, radius: size / 2 }, file, overlays.current);
      }
    }
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.globalAlpha = opacity;
    ctx.drawImage(maskCanvas, 0, 0);
    ctx.globalAlpha = 1;
  });

  const toImage = (event: PointerEvent): Point => {
    const rect = (event.currentTarget as HTMLCanvasElement).getBoundingClientRect();
    const el = canvas.current as HTMLCanvasElement;
    const cx = ((event.clientX - rect.left) * el.width) / rect.width;
    const cy = ((event.clientY - rect.top) * el.height) / rect.height;
    return [(cx - view.x) / view.scale, (cy - view.y) / view.scale];
  };

  const down = (event: PointerEvent) => {
    (event.currentTarget as HTMLCanvasElement).setPointerCapture(event.pointerId);
    if (space.current || event.button === 1) {
      draft.current = { points: [], panFrom: [event.clientX, event.clientY] };
      return;
    }
    const at = toImage(event);
    draft.current = { points: [at], start: at };
    redrawDraft((n) => n + 1);
  };
  const move = (event: PointerEvent) => {
    const rect = event.currentTarget.getBoundingClientRect();
    setPointer([event.clientX - rect.left, event.clientY - rect.top]);
    const d = draft.current;
    if (!d) return;
    if (d.panFrom) {
      const [fx, fy] = d.panFrom;
      d.panFrom = [event.clientX, event.clientY];
      setView((v) => ({ ...v, x: v.x + event.clientX - fx, y: v.y + event.clientY - fy }));
      return;
    }
    d.points.push(toImage(event));
    redrawDraft((n) => n + 1);
  };
  const up = () => {
    const d = draft.current;
    draft.current = null;
    if (!d || d.panFrom || !d.start) return;
    const last = d.points[d.points.length - 1] as Point;
    if (tool === 'rect') {
      const width = Math.abs(last[0] - d.start[0]);
      const height = Math.abs(last[1] - d.start[1]);
      if (width > 0 && height > 0) {
        commit([
          ...history.now,
          {
            kind: 'rect',
            x: Math.min(d.start[0], last[0]),
            y: Math.min(d.start[1], last[1]),
            width,
            height,
          },
        ]);
      }
    } else if (tool === 'lasso') {
      if (d.points.length > 2) commit([...history.now, { kind: 'polygon', points: d.points }]);
    } else {
      commit([...history.now, { kind: tool, points: d.points, radius: size / 2 }]);
    }
  };

  useEffect(() => {
    const keydown = (event: KeyboardEvent) => {
      if (event.target instanceof HTMLInputElement) return;
      const key = event.key.toLowerCase();
      if ((event.ctrlKey || event.metaKey) && key === 'z') {
        event.preventDefault();
        if (event.shiftKey) redo();
        else undo();
      } else if ((event.ctrlKey || event.metaKey) && key === 'y') {
        event.preventDefault();
        redo();
      } else if (key === ' ') {
        space.current = true;
        event.preventDefault();
      } else if (key === 'o') setOriginal(true);
      else if (key === '[') setSize((s) => Math.max(1, Math.round(s / 1.25)));
      else if (key === ']') setSize((s) => Math.min(4000, Math.round(s * 1.25)));
      else if (key === 'f') fit();
      else if (key === '1') setView((v) => ({ ...v, scale: 1 }));
      else if (key === 'escape') {
        event.preventDefault();
        if (leaving) setLeaving(false);
        else leave();
      } else if (TOOL_KEYS[key]) setTool(TOOL_KEYS[key]);
    };
    const keyup = (event: KeyboardEvent) => {
      if (event.key === ' ') space.current = false;
      if (event.key.toLowerCase() === 'o') setOriginal(false);
    };
    window.addEventListener('keydown', keydown);
    window.addEventListener('keyup', keyup);
    return () => {
      window.removeEventListener('keydown', keydown);
      window.removeEventListener('keyup', keyup);
    };
  }, [undo, redo, fit, leave, leaving]);

  /** Checked as main will paint it: a mask that marks nothing would be paid for. */
  const save = (target: MaskTarget) => {
    if (history.now.length > 0 && marksNothing(history.now, file.width, file.height)) {
      setMaskNote(intl.formatMessage({ id: 'core.app.maskEmpty' }));
      return;
    }
    props.onSave(history.now, target);
  };
  // The brush ring has the size a stroke will have: a canvas pixel is a CSS pixel here.
  const ring = pointer && (tool === 'brush' || tool === 'eraser') ? size * view.scale : null;

  return (
    <section
      className="mask-editor"
      aria-label={intl.formatMessage({ id: 'mask.editor' }, { name: file.name })}
    >
      <div className="toolbar" role="toolbar" aria-label={intl.formatMessage({ id: 'mask.tools' })}>
        {(['brush', 'eraser', 'rect', 'lasso'] as const).map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={tool === name}
            onClick={() => setTool(name)}
          >
            {intl.formatMessage({ id: TOOL_NAMES[name] })}
          </button>
        ))}
        <label>
          {intl.formatMessage({ id: 'mask.size' })}{' '}
          <output data-testid="brush-size">
            {intl.formatMessage({ id: 'mask.pixels' }, { size })}
          </output>
          <input
            type="range"
            min={1}
            max={Math.max(200, Math.round(Math.min(file.width, file.height) / 4))}
            value={size}
            onChange={(event) => setSize(Number(event.target.value))}
          />
        </label>
        <label>
          {intl.formatMessage({ id: 'mask.opacity' })}
          <input
            type="range"
            min={0.1}
            max={1}
            step={0.05}
            value={opacity}
            onChange={(event) => setOpacity(Number(event.target.value))}
          />
        </label>
        <button type="button" onClick={undo} disabled={history.past.length === 0}>
          {intl.formatMessage({ id: 'mask.undo' })}
        </button>
        <button type="button" onClick={redo} disabled={history.future.length === 0}>
          {intl.formatMessage({ id: 'mask.redo' })}
        </button>
        <button type="button" onClick={() => commit([])} disabled={history.now.length === 0}>
          {intl.formatMessage({ id: 'mask.clear' })}
        </button>
        <button type="button" onClick={fit}>
          {intl.formatMessage({ id: 'mask.fit' })}
        </button>
        <button type="button" onClick={() => void importMask()}>
          {intl.formatMessage({ id: 'mask.import' })}
        </button>
        <button type="button" onClick={() => void exportMask()} disabled={history.now.length === 0}>
          {intl.formatMessage({ id: 'mask.export' })}
        </button>
        <button type="button" onClick={() => setView((v) => ({ ...v, scale: 1 }))}>
          {formatPercent(intl, 1)}
        </button>
      </div>
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
            disabled={history.now.length === 0}
            onClick={() =>
              void wholeMask(tool, intl.formatMessage({ id: done }, { pixels: toolPixels }))
            }
          >
            {intl.formatMessage({ id: label })}
          </button>
        ))}
        <button
          type="button"
          disabled={history.now.length === 0}
          onClick={() =>
            void wholeMask(
              { kind: 'keepInside', box: inView() },
              intl.formatMessage({ id: 'mask.keptInView' }),
            )
          }
          title={intl.formatMessage({ id: 'mask.keepInViewHint' })}
        >
          {intl.formatMessage({ id: 'mask.keepInView' })}
        </button>
      </div>
      <div className="mask-stage">
        <canvas
          ref={canvas}
          width={960}
          height={600}
          className="mask-canvas"
          style={{
            aspectRatio: `${file.width} / ${file.height}`,
            ['--aspect' as string]: file.width / file.height,
          }}
          data-testid="mask-canvas"
          aria-label={intl.formatMessage({ id: 'mask.canvas' }, { name: file.name })}
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerLeave={() => setPointer(null)}
        />
        {ring !== null && pointer && (
          <span
            className="brush-ring"
            data-testid="brush-ring"
            aria-hidden="true"
            style={{ left: pointer[0], top: pointer[1], width: ring, height: ring }}
          />
        )}
      </div>
      <p className="hint">
        {loaded
          ? intl.formatMessage(
              { id: 'mask.status' },
              { width: file.width, height: file.height, count: history.now.length },
            )
          : intl.formatMessage({ id: 'mask.loading' })}{' '}
        ·{' '}
        {/* What the last action said takes the place of the shortcuts, so the buttons below stay on a short screen. */}
        <span role="status" data-testid="mask-note" className={maskNote ? 'mask-note' : undefined}>
          {maskNote ?? intl.formatMessage({ id: 'mask.shortcuts' })}
        </span>
      </p>
      {wholeMaskQuestion}
      {props.scaledFrom && (
        <p className="hint" data-testid="mask-scaled">
          {intl.formatMessage({ id: 'mask.scaledFrom' }, { size: props.scaledFrom })}
        </p>
      )}
      {leaving ? (
        <div
          className="actions mask-leave"
          role="alertdialog"
          aria-label={intl.formatMessage({ id: 'mask.leave' })}
        >
          <span>{intl.formatMessage({ id: 'mask.leaveQuestion' }, { name: file.name })}</span>
          <button type="button" onClick={close}>
            {intl.formatMessage({ id: 'mask.throwAway' })}
          </button>
          <button type="button" className="primary" ref={keep} onClick={() => setLeaving(false)}>
            {intl.formatMessage({ id: 'mask.keepPainting' })}
          </button>
        </div>
      ) : (
        <div className="actions mask-actions">
          <button type="button" className="primary" onClick={() => save('this')}>
            {intl.formatMessage({ id: 'mask.use' })}
          </button>
          <button
            type="button"
            disabled={history.now.length === 0}
            onClick={() => save('same-size')}
          >
            {intl.formatMessage({ id: 'mask.applySameSize' }, { count: props.sameSize })}
          </button>
          {props.total > props.sameSize && (
            <button
              type="button"
              disabled={history.now.length === 0}
              onClick={() => save('all')}
              title={intl.formatMessage({ id: 'mask.applyAllHint' })}
            >
              {intl.formatMessage({ id: 'mask.applyAll' }, { count: props.total })}
            </button>
          )}
          <button
            type="button"
            disabled={history.now.length === 0 || props.selected === 0}
            onClick={() => save('selected')}
          >
            {intl.formatMessage({ id: 'mask.applySelected' }, { count: props.selected })}
          </button>
          <button type="button" onClick={() => props.onSave([], 'this')}>
            {intl.formatMessage({ id: 'mask.none' })}
          </button>
          <button type="button" onClick={leave}>
            {intl.formatMessage({ id: 'mask.cancel' })}
          </button>
        </div>
      )}
    </section>
  );
}
