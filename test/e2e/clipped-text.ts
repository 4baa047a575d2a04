import type { Page } from '@playwright/test';

/** One piece of text the window does not show whole, and where it is. */
export interface ClippedText {
  text: string;
  /** The element holding the text: tag, then its test id or class. */
  where: string;
  /** How many pixels of it are cut off or stick out. */
  by: number;
}

/**
 * Every piece of visible text the window cuts off or lets spill out of its box: an element
 * that hides its own overflow (an ellipsis, `overflow: hidden`) while its text is wider or
 * taller than it, text wider than its own box (a button too narrow for its words), or text
 * that reaches past an ancestor that clips it, or past the window's edge, and a select too
 * narrow for the option it shows. Text shown whole on hover (a `title` with it) and scroll boxes are not counted:
 * both are ways to read it all. Used with every screen, in English and in the
 * pseudo-locale, whose longer words find the boxes that would cut a translation.
 */
export function findClippedText(page: Page): Promise<ClippedText[]> {
  return page.evaluate(() => {
    const SLACK = 1;
    const found: Array<{ text: string; where: string; by: number }> = [];
    const checked = new Set<Element>();
    const describe = (element: Element) => {
      const id = element.getAttribute('data-testid');
      const cls = element.getAttribute('class');
      return `${element.tagName.toLowerCase()}${id ? `[data-testid=${id}]` : cls ? `.${cls.split(' ').join('.')}` : ''}`;
    };
    const clips = (style: CSSStyleDeclaration) =>
      style.overflowX === 'hidden' ||
      style.overflowX === 'clip' ||
      style.overflowY === 'hidden' ||
      style.overflowY === 'clip';
    const visuallyHidden = (element: Element, rect: DOMRect) =>
      rect.width <= SLACK ||
      rect.height <= SLACK ||
      getComputedStyle(element).clipPath !== 'none' ||
      getComputedStyle(element).clip.startsWith('rect');
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node.textContent ?? '').trim();
      const element = node.parentElement;
      if (!text || !element || checked.has(element)) continue;
      checked.add(element);
      const rect = element.getBoundingClientRect();
      const style = getComputedStyle(element);
      if (style.visibility !== 'visible' || visuallyHidden(element, rect)) continue;
      if (element.closest('[title]')?.getAttribute('title')?.includes(text)) continue;
      if (element.closest('svg, option, script, style, textarea')) continue;
      // The element cuts its own text.
      if (clips(style)) {
        const by = Math.max(
          element.scrollWidth - element.clientWidth,
          style.overflowY === 'visible' ? 0 : element.scrollHeight - element.clientHeight,
        );
        if (by > SLACK) {
          found.push({ text, where: describe(element), by });
          continue;
        }
      }
      // The text reaches past its own box, past an ancestor that clips it, or past the window.
      const range = document.createRange();
      range.selectNodeContents(node);
      const textBox = range.getBoundingClientRect();
      const spill = Math.max(textBox.right - rect.right, rect.left - textBox.left);
      const scrolls = (value: string) => value === 'auto' || value === 'scroll';
      if (style.display !== 'inline' && !scrolls(style.overflowX) && spill > SLACK) {
        found.push({ text, where: describe(element), by: Math.round(spill) });
        continue;
      }
      let right = document.documentElement.clientWidth;
      for (let up = element.parentElement; up; up = up.parentElement) {
        const upStyle = getComputedStyle(up);
        if (scrolls(upStyle.overflowX)) break;
        if (upStyle.overflowX === 'hidden' || upStyle.overflowX === 'clip') {
          right = Math.min(right, up.getBoundingClientRect().right);
          break;
        }
      }
      const by = textBox.right - right;
      if (by > SLACK) found.push({ text, where: describe(element), by: Math.round(by) });
    }
    // A select shows its chosen option's text in its own box, which no text node measures:
    // the text is set in the select's font and compared with the room inside its padding
    // (where a drawn chevron sits).
    const measure = document.createElement('canvas').getContext('2d');
    for (const select of document.querySelectorAll('select')) {
      const text = (select.selectedOptions[0]?.textContent ?? '').trim();
      const rect = select.getBoundingClientRect();
      const style = getComputedStyle(select);
      // checkVisibility: a select in a closed <details> keeps a box but is not shown.
      const shown = select.checkVisibility() && style.visibility === 'visible';
      if (!text || !measure || !shown || visuallyHidden(select, rect)) continue;
      measure.font = style.font;
      const room =
        select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const by = Math.ceil(measure.measureText(text).width - room);
      if (by > SLACK) found.push({ text, where: describe(select), by });
    }
    return found;
  });
}
