import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/** One entry of a ⋯ menu; `checked` makes it a checkbox item (the take, on or off). */
export interface MenuAction {
  label: string;
  onSelect: () => void;
  checked?: boolean;
}

/** The items of an open menu, so the arrow keys can walk them. */
function itemsOf(list: HTMLElement | null): HTMLElement[] {
  return [...(list?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
}

/**
 * The rare actions of a thing, behind one "⋯" button so the screen shows the picture rather
 * than rows of buttons. Keyboard as a menu button should be: Enter, Space or ↓ open it on the
 * first item, ↑ on the last; the arrows, Home and End walk it; Escape and Tab close it and
 * Escape gives the focus back to the button; a click elsewhere closes it.
 */
export function ActionMenu(props: { label: string; actions: readonly MenuAction[] }) {
  const [open, setOpen] = useState<'first' | 'last' | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    const items = itemsOf(list.current);
    (open === 'first' ? items[0] : items.at(-1))?.focus();
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!list.current?.contains(target) && !button.current?.contains(target)) setOpen(null);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);
  const close = (refocus: boolean) => {
    setOpen(null);
    if (refocus) button.current?.focus();
  };
  const walk = (event: KeyboardEvent) => {
    const items = itemsOf(list.current);
    const at = items.indexOf(document.activeElement as HTMLElement);
    const to: Record<string, number> = {
      ArrowDown: (at + 1) % items.length,
      ArrowUp: (at - 1 + items.length) % items.length,
      Home: 0,
      End: items.length - 1,
    };
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    } else if (event.key in to) {
      event.preventDefault();
      items[to[event.key] ?? 0]?.focus();
    }
  };
  return (
    <span className="action-menu">
      <button
        ref={button}
        type="button"
        className="menu-button"
        aria-label={props.label}
        title={props.label}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen(open ? null : 'first')}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
          event.preventDefault();
          setOpen(event.key === 'ArrowDown' ? 'first' : 'last');
        }}
      >
        ⋯
      </button>
      {open && (
        <ul ref={list} id={id} role="menu" aria-label={props.label} onKeyDown={walk}>
          {props.actions.map((action) => (
            <li
              key={action.label}
              role={action.checked === undefined ? 'menuitem' : 'menuitemcheckbox'}
              aria-checked={action.checked}
              tabIndex={-1}
              onClick={() => {
                close(true);
                action.onSelect();
              }}
              onKeyDown={(event) => {
                if (event.key !== 'Enter' && event.key !== ' ') return;
                event.preventDefault();
                close(true);
                action.onSelect();
              }}
            >
              {action.label}
            </li>
          ))}
        </ul>
      )}
    </span>
  );
}
