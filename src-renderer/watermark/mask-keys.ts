import { useEffect, useEffectEvent, type RefObject } from 'react';

/** What the mask editor does for its keys; the hook decides which key means what, and where. */
export interface MaskKeyActions {
  canvas: RefObject<HTMLCanvasElement | null>;
  undo: () => void;
  redo: () => void;
  fit: () => void;
  /** 100 %, about the pointer when it is over the picture, else the middle of the view. */
  fullSize: () => void;
  brushBy: (factor: number) => void;
  tool: (key: string) => boolean;
  original: (held: boolean) => void;
  /** Space held over the focused picture: a drag pans instead of painting. */
  panning: (held: boolean) => void;
  /** The keyboard cursor moved by so many screen pixels. */
  move: (dx: number, dy: number) => void;
  /** Enter pressed and released on the picture: as the mouse button is. */
  press: () => void;
  release: () => void;
  escape: () => void;
}

/** How far an arrow key moves the keyboard cursor, in screen pixels; with Shift, further. */
const STEP = 8;
const LONG_STEP = 48;
const ARROWS: Readonly<Record<string, readonly [number, number]>> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

/**
 * The mask editor's keys. Space, the arrows and Enter belong to the picture only when it has
 * focus (reached by Tab or a click): on a focused button Space and Enter press the button.
 * The other keys work anywhere in the editor except in a field, where they are typed.
 */
export function useMaskKeys(actions: MaskKeyActions): void {
  const keydown = useEffectEvent((event: KeyboardEvent) => {
    const onCanvas = event.target === actions.canvas.current;
    const key = event.key.toLowerCase();
    const arrow = ARROWS[event.key];
    if (key === 'escape') {
      // A question in the editor that took its Escape already answered it.
      if (event.defaultPrevented) return;
      event.preventDefault();
      actions.escape();
      return;
    }
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) {
      return;
    }
    if ((event.ctrlKey || event.metaKey) && key === 'z') {
      event.preventDefault();
      if (event.shiftKey) actions.redo();
      else actions.undo();
    } else if ((event.ctrlKey || event.metaKey) && key === 'y') {
      event.preventDefault();
      actions.redo();
    } else if (event.ctrlKey || event.metaKey || event.altKey) {
      return;
    } else if (onCanvas && key === ' ') {
      event.preventDefault();
      actions.panning(true);
    } else if (onCanvas && arrow) {
      event.preventDefault();
      const step = event.shiftKey ? LONG_STEP : STEP;
      actions.move(arrow[0] * step, arrow[1] * step);
    } else if (onCanvas && key === 'enter') {
      event.preventDefault();
      if (!event.repeat) actions.press();
    } else if (key === 'o') actions.original(true);
    else if (key === '[') actions.brushBy(1 / 1.25);
    else if (key === ']') actions.brushBy(1.25);
    else if (key === 'f') actions.fit();
    else if (key === '1') actions.fullSize();
    else actions.tool(key);
  });
  const keyup = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === ' ') actions.panning(false);
    if (event.key === 'Enter') actions.release();
    if (event.key.toLowerCase() === 'o') actions.original(false);
  });
  useEffect(() => {
    const down = (event: KeyboardEvent) => keydown(event);
    const up = (event: KeyboardEvent) => keyup(event);
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, []);
}
