import { useEffect, type RefObject } from 'react';

/**
 * Keeps what scrolls into view (a focused field, a round's button) clear of a bar docked at
 * the window's foot: the page's scroll padding follows the bar's height while it is shown, and
 * so does `--prompt-bar-height`, which a short window's player leaves free (short-window.css).
 */
export function useDockedAtFoot(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.scrollPaddingBottom = `${element.offsetHeight}px`;
      root.style.setProperty('--prompt-bar-height', `${element.offsetHeight}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.scrollPaddingBottom = '';
      root.style.removeProperty('--prompt-bar-height');
    };
  }, [bar]);
}
