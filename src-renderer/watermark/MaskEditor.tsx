import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import { useIntl } from 'react-intl';
import { marksNothing } from '../../src-shared/domain/mask-raster.ts';
import type { Stroke } from '../../src-shared/domain/strokes.ts';
import { formatPercent } from '../../src-shared/i18n/formats.ts';
import type { StagedFile } from '../../src-shared/ipc/contract.ts';
import { bridge } from '../bridge.ts';
import type { MaskTarget, Replaced } from './apply-masks.ts';
import { MaskActions } from './MaskActions.tsx';
import { firstBrush, largestBrush, useBrushSize } from './mask-brush.ts';
import { useMaskKeys } from './mask-keys.ts';
import { drawScene, strokeOf, type Draft } from './mask-paint.ts';
import { MaskToolbar, TOOL_KEYS, type Tool } from './MaskToolbar.tsx';
import { useMaskView } from './mask-view.ts';
import { useMaskImport } from './mask-import-question.tsx';
import { useStagedNames } from './shown-names.ts';
import { WholeMaskTools } from './WholeMaskTools.tsx';
import { clampPoint, toBox, toImage, type Point } from './viewport.ts';
import './watermark.css';

/** How near the canvas's edge the keyboard cursor may come before the view moves with it. */
const CURSOR_MARGIN = 24;
/** The keyboard cursor's ring for the tools that have no width: a small circle, in CSS pixels. */
const CURSOR_RING = 12;

/**
 * The mask editor: the image on a canvas with zoom (wheel, about the pointer) and pan
 * (space-drag or middle button, held to the photo), brush, eraser, rectangle and lasso,
 * undo and redo, the original held on O, and the mask's opacity. By keyboard the picture is
 * reached by Tab: arrows move a cursor (and the view with it), Enter held paints as the
 * mouse button does. Strokes stay in image pixels; main turns them into the mask file.
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
  /** The other images' masks that applying these strokes to `target` would replace. */
  replaces: (strokes: Stroke[], target: MaskTarget) => Replaced;
  onSave: (strokes: Stroke[], target: MaskTarget) => void;
  onClose: () => void;
}) {
  const intl = useIntl();
  const nameOf = useStagedNames();
  const { file } = props;
  const canvas = useRef<HTMLCanvasElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const layer = useRef<HTMLCanvasElement | null>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [history, setHistory] = useState<{ past: Stroke[][]; now: Stroke[]; future: Stroke[][] }>({
    past: [],
    now: props.strokes,
    future: [],
  });
  const [tool, setTool] = useState<Tool>('brush');
  const maxSize = largestBrush(file);
  const size = Math.min(maxSize, useBrushSize((state) => state.size) ?? firstBrush(file));
  const keepSize = useBrushSize((state) => state.keep);
  const [opacity, setOpacity] = useState(0.55);
  const { box, view, fit, zoomTo, panBox, keepInView } = useMaskView(file, stage, canvas);
  const [original, setOriginal] = useState(false);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [panning, setPanning] = useState(false);
  const [overlaysLoaded, setOverlaysLoaded] = useState(0);
  const overlays = useRef(new Map<string, HTMLImageElement>());
  const [maskNote, setMaskNote] = useState<string | null>(null);
  const [pointer, setPointer] = useState<Point | null>(null);
  const [cursor, setCursor] = useState<Point | null>(null);
  const [focused, setFocused] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [asking, setAsking] = useState<{ target: MaskTarget; replaced: Replaced } | null>(null);
  const changed = history.now !== props.strokes;
  const close = props.onClose;
  // Leaving keeps nothing painted here, so with changes it is asked about first.
  const leave = useCallback(() => (changed ? setLeaving(true) : close()), [changed, close]);
  /** A question answered "keep": back to the picture, where the work goes on. */
  const backToPicture = () => {
    setLeaving(false);
    setAsking(null);
    canvas.current?.focus();
  };

  // Imported masks show from their overlays; each is fetched once and redrawn when it arrives.
  useEffect(() => {
    for (const stroke of history.now) {
      if (stroke.kind !== 'bitmap' || overlays.current.has(stroke.token)) continue;
      const img = new Image();
      img.onload = () => setOverlaysLoaded((n) => n + 1);
      img.src = `${props.previewBase}mask/${stroke.token}`;
      overlays.current.set(stroke.token, img);
    }
  }, [history.now, props.previewBase]);

  useEffect(() => {
    const img = new Image();
    img.onload = () => setImage(img);
    img.src = `${props.previewBase}staged/${file.token}`;
  }, [file.token, props.previewBase]);

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
  const setSize = (next: number) => keepSize(Math.min(maxSize, Math.max(1, Math.round(next))));

  const painting = draft && 'start' in draft ? strokeOf(draft, tool, size) : null;
  // Everything is drawn again when anything changes: the image, then the mask layer on top.
  useEffect(() => {
    const el = canvas.current;
    if (!el || !image || box.width === 0) return;
    layer.current ??= document.createElement('canvas');
    drawScene(el, layer.current, {
      image,
      size: file,
      view,
      strokes: painting ? [...history.now, painting] : history.now,
      overlays: overlays.current,
      opacity,
      original,
    });
  }, [image, box, view, history.now, painting, opacity, original, file, overlaysLoaded]);

  // Alt+wheel sizes the brush; the plain wheel zooms (see useMaskView).
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const wheel = (event: WheelEvent) => {
      if (!event.altKey) return;
      const grow = event.deltaY < 0;
      useBrushSize.setState(({ size: was }) => {
        const s = Math.min(maxSize, was ?? firstBrush(file));
        return {
          size: grow
            ? Math.min(maxSize, Math.round(s * 1.15) + 1)
            : Math.max(1, Math.round(s / 1.15)),
        };
      });
    };
    el.addEventListener('wheel', wheel);
    return () => el.removeEventListener('wheel', wheel);
  }, [file, maxSize]);

  const middle = (): Point => clampPoint(toImage(view, [box.width / 2, box.height / 2]), file);
  const press = (at: Point) => setDraft({ points: [at], start: at });
  const extend = (at: Point) =>
    setDraft((d) => (d && 'start' in d ? { ...d, points: [...d.points, at] } : d));
  const release = () => {
    if (painting) commit([...history.now, painting]);
    setDraft(null);
  };
  const fromPointer = (event: PointerEvent): Point => {
    const rect = event.currentTarget.getBoundingClientRect();
    return [event.clientX - rect.left, event.clientY - rect.top];
  };

  useMaskKeys({
    canvas,
    undo,
    redo,
    fit,
    fullSize: () => zoomTo(1, pointer),
    brushBy: (factor) => setSize(factor > 1 ? Math.max(size + 1, size * factor) : size * factor),
    tool: (key) => {
      const chosen = TOOL_KEYS[key];
      if (chosen) setTool(chosen);
      return chosen !== undefined;
    },
    original: setOriginal,
    panning: setPanning,
    move: (dx, dy) => {
      const next = clampPoint(
        [(cursor ?? middle())[0] + dx / view.scale, (cursor ?? middle())[1] + dy / view.scale],
        file,
      );
      setCursor(next);
      keepInView(next, CURSOR_MARGIN);
      if (draft && 'start' in draft) extend(next);
    },
    press: () => {
      const at = cursor ?? middle();
      setCursor(at);
      press(at);
    },
    release: () => {
      if (draft && 'start' in draft) release();
    },
    escape: () => {
      if (asking || leaving) backToPicture();
      else leave();
    },
  });

  /** The part of the image the canvas shows now, in image pixels. */
  const inView = () => {
    const [left, top] = clampPoint(toImage(view, [0, 0]), file);
    const [right, bottom] = clampPoint(toImage(view, [box.width, box.height]), file);
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

  /** Checked as main will paint it: a mask that marks nothing would be paid for. */
  const save = (target: MaskTarget) => {
    if (history.now.length > 0 && marksNothing(history.now, file.width, file.height)) {
      setMaskNote(intl.formatMessage({ id: 'core.app.maskEmpty' }));
      return;
    }
    const replaced = props.replaces(history.now, target);
    // Other images' masks, found or painted, are not replaced without a word.
    if (replaced.found + replaced.painted > 0) setAsking({ target, replaced });
    else props.onSave(history.now, target);
  };
  // The ring has the size a stroke will have: a canvas pixel is a CSS pixel here. It follows
  // the mouse over the picture, else the keyboard cursor while the picture has focus.
  const ringAt = pointer ?? (focused && cursor ? toBox(view, cursor) : null);
  const ring =
    ringAt && (tool === 'brush' || tool === 'eraser')
      ? size * view.scale
      : ringAt && !pointer
        ? CURSOR_RING
        : null;

  return (
    <section
      className="mask-editor"
      aria-label={intl.formatMessage({ id: 'mask.editor' }, { name: file.name })}
    >
      {/* One line that never wraps, so painting (the count of strokes) never moves the picture. */}
      <div className="mask-head">
        <h2 className="mask-title" title={file.sourceUrl ?? file.path} data-testid="mask-title">
          {nameOf(file)}
        </h2>
        <span className="hint">
          {image
            ? intl.formatMessage(
                { id: 'mask.status' },
                { width: file.width, height: file.height, count: history.now.length },
              )
            : intl.formatMessage({ id: 'mask.loading' })}
        </span>
      </div>
      <MaskToolbar
        tool={tool}
        onTool={setTool}
        size={size}
        maxSize={maxSize}
        onSize={setSize}
        opacity={opacity}
        onOpacity={setOpacity}
        canUndo={history.past.length > 0}
        canRedo={history.future.length > 0}
        empty={history.now.length === 0}
        onUndo={undo}
        onRedo={redo}
        onClear={() => commit([])}
        onFit={fit}
        onFullSize={() => zoomTo(1)}
        onImport={() => void importMask()}
        onExport={() => void exportMask()}
        scale={view.scale}
      />
      <WholeMaskTools
        token={file.token}
        strokes={history.now}
        inView={inView}
        onMask={commit}
        onNote={setMaskNote}
      />
      <div className="mask-stage" ref={stage}>
        <span className="mask-frame">
          <canvas
            ref={canvas}
            width={box.width}
            height={box.height}
            className="mask-canvas"
            style={{ width: box.width, height: box.height }}
            data-testid="mask-canvas"
            data-autofocus
            tabIndex={0}
            role="application"
            aria-label={intl.formatMessage({ id: 'mask.canvas' }, { name: file.name })}
            onFocus={() => setFocused(true)}
            onBlur={() => setFocused(false)}
            onPointerDown={(event) => {
              event.currentTarget.setPointerCapture(event.pointerId);
              if (panning || event.button === 1) {
                setDraft({ panFrom: [event.clientX, event.clientY] });
              } else press(toImage(view, fromPointer(event)));
            }}
            onPointerMove={(event) => {
              setPointer(fromPointer(event));
              if (draft && 'panFrom' in draft) {
                panBox(event.clientX - draft.panFrom[0], event.clientY - draft.panFrom[1]);
                setDraft({ panFrom: [event.clientX, event.clientY] });
              } else if (draft) extend(toImage(view, fromPointer(event)));
            }}
            onPointerUp={release}
            onPointerLeave={() => setPointer(null)}
          />
          {ring !== null && ringAt && (
            <span
              className="brush-ring"
              data-testid={pointer ? 'brush-ring' : 'keyboard-cursor'}
              aria-hidden="true"
              style={{ left: ringAt[0], top: ringAt[1], width: ring, height: ring }}
            />
          )}
        </span>
      </div>
      {/* What the last action said takes the place of the shortcuts, so the buttons below stay on a short screen. */}
      <p className="hint">
        <span role="status" data-testid="mask-note" className={maskNote ? 'mask-note' : undefined}>
          {maskNote ??
            intl.formatMessage({ id: 'mask.shortcuts' }, { full: formatPercent(intl, 1) })}
        </span>
      </p>
      {wholeMaskQuestion}
      {props.scaledFrom && (
        <p className="hint" data-testid="mask-scaled">
          {intl.formatMessage({ id: 'mask.scaledFrom' }, { size: props.scaledFrom })}
        </p>
      )}
      <MaskActions
        name={nameOf(file)}
        empty={history.now.length === 0}
        sameSize={props.sameSize}
        selected={props.selected}
        total={props.total}
        leaving={leaving}
        asking={asking}
        onSave={save}
        onNone={() => props.onSave([], 'this')}
        onCancel={leave}
        onThrowAway={close}
        onKeep={backToPicture}
        onReplace={() => asking && props.onSave(history.now, asking.target)}
        onBack={backToPicture}
      />
    </section>
  );
}
