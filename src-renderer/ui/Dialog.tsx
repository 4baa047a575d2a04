import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useFocusTrap } from './focus-trap.ts';

/**
 * The one modal dialog of the app: over a dimmed page, named for assistive technology,
 * focus moved in on open, kept inside while open and given back to the opener on close.
 * Escape calls `onEscape`; a dialog that must ask before closing (unsaved strokes) handles
 * Escape itself and leaves `onEscape` out.
 */
export function Dialog(props: {
  label: string;
  className?: string;
  onEscape?: () => void;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  useFocusTrap(box, true);
  const keys = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented || !props.onEscape) return;
    event.preventDefault();
    props.onEscape();
  };
  return (
    <div
      className={`modal${props.className ? ` ${props.className}` : ''}`}
      role="dialog"
      aria-modal="true"
      aria-label={props.label}
      ref={box}
      tabIndex={-1}
      onKeyDown={keys}
    >
      {props.children}
    </div>
  );
}
