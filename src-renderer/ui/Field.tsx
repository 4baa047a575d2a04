import type { ReactNode } from 'react';

/** What a field hands its control so that the label, hint and error are tied to it. */
export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

/**
 * A label, its control, a hint under it and the error main gave, if any. The hint and the
 * error are named by the control's `aria-describedby`, so they are read with it. A checkbox
 * (`inline`) sits before its label, as on every platform.
 */
export function Field(props: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  inline?: boolean;
  children: (control: ControlProps) => ReactNode;
}) {
  const { id, hint, error } = props;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const control = props.children({
    id,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(error ? { 'aria-invalid': true as const } : {}),
  });
  return (
    <div className={`field${props.inline ? ' field-inline' : ''}${error ? ' field-invalid' : ''}`}>
      {props.inline && control}
      <label htmlFor={id}>{props.label}</label>
      {!props.inline && control}
      {hint && (
        <span className="field-hint" id={hintId}>
          {hint}
        </span>
      )}
      {error && (
        <span className="field-error" id={errorId} role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
