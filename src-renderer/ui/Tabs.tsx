import type { LucideIcon } from 'lucide-react';

/**
 * The bar that switches screens. Each screen is a page of its own rather than a panel of
 * one widget, so this is navigation: buttons in a `<nav>`, the current one marked with
 * `aria-current="page"` and drawn as selected (a filled pill), never as a focus ring.
 */
export function Tabs<Name extends string>(props: {
  label: string;
  /** Each screen: its name in the code, its icon, and the words the user reads. */
  tabs: ReadonlyArray<{ name: Name; icon: LucideIcon; label: string }>;
  current: Name;
  onChange: (name: Name) => void;
}) {
  return (
    <nav aria-label={props.label} className="tabs">
      {props.tabs.map(({ name, icon: Icon, label }) => (
        <button
          key={name}
          type="button"
          className="tab"
          aria-current={props.current === name ? 'page' : undefined}
          onClick={() => props.onChange(name)}
        >
          <Icon aria-hidden="true" size={16} strokeWidth={2} />
          {label}
        </button>
      ))}
    </nav>
  );
}
