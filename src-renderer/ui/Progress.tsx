/**
 * How far a piece of work is, as a native `<progress>` (its role and value reach assistive
 * technology as they are), drawn in the app's colours. Without `value` it is indeterminate.
 */
export function Progress(props: { label: string; value?: number; max?: number }) {
  return (
    <progress
      className="progress"
      aria-label={props.label}
      max={props.max ?? 1}
      {...(props.value === undefined ? {} : { value: props.value })}
    />
  );
}
