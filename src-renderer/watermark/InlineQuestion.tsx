import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

/**
 * A question asked in place of the buttons that raised it, so the answer is where the
 * pointer already is, in view on a short window. Focus starts on the answer that loses
 * nothing (`keep`), and Escape is that answer too.
 */
export function InlineQuestion(props: {
  question: ReactNode;
  /** The dialog's name when it is not the question itself (a short title). */
  label?: string;
  testId?: string;
  act: string;
  keep: string;
  onAct: () => void;
  onKeep: () => void;
}) {
  const id = useId();
  const keep = useRef<HTMLButtonElement>(null);
  useEffect(() => keep.current?.focus(), []);
  const keys = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    props.onKeep();
  };
  return (
    <div
      className="actions mask-leave"
      role="alertdialog"
      aria-label={props.label}
      aria-labelledby={props.label === undefined ? id : undefined}
      data-testid={props.testId}
      onKeyDown={keys}
    >
      <span id={id}>{props.question}</span>
      <button type="button" onClick={props.onAct}>
        {props.act}
      </button>
      <button type="button" className="primary" ref={keep} onClick={props.onKeep}>
        {props.keep}
      </button>
    </div>
  );
}
