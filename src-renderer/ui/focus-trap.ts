import { useEffect, type RefObject } from 'react';

const FOCUSABLE =
  'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], canvas[tabindex], [tabindex="0"]';

/**
 * Keeps keyboard focus inside a dialog while it is open: focus moves in when it opens, Tab
 * and Shift+Tab go round its controls, and focus returns to whatever opened it on close.
 */
export function useFocusTrap(box: RefObject<HTMLElement | null>, open: boolean): void {
  useEffect(() => {
    const el = box.current;
    if (!open || !el) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const controls = () => [...el.querySelectorAll<HTMLElement>(FOCUSABLE)];
    // A dialog may name where work starts (the mask editor's picture); else its first control.
    (el.querySelector<HTMLElement>('[data-autofocus]') ?? controls()[0] ?? el).focus();
    const keydown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const all = controls();
      const first = all[0];
      const last = all.at(-1);
      if (!first || !last) return;
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      } else if (!el.contains(document.activeElement)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', keydown);
    // Content that swaps while open (a spinner for a picture) takes the focused control with
    // it: focus then goes back to the dialog, not to the page behind it.
    const kept = new MutationObserver(() => {
      if (document.activeElement === document.body || !document.activeElement) el.focus();
    });
    kept.observe(el, { childList: true, subtree: true });
    return () => {
      kept.disconnect();
      document.removeEventListener('keydown', keydown);
      if (opener?.isConnected) opener.focus();
    };
  }, [box, open]);
}
