import type { ButtonHTMLAttributes } from 'react';
import type { LucideIcon } from 'lucide-react';

/**
 * A button that shows only an icon. Its `label` is required: it is the button's accessible
 * name and its tooltip, since the icon alone says nothing to a screen reader.
 */
export function IconButton(
  props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'children'> & {
    icon: LucideIcon;
    label: string;
  },
) {
  const { icon: Icon, label, className, ...rest } = props;
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      className={`btn btn-ghost btn-icon-only${className ? ` ${className}` : ''}`}
      {...rest}
    >
      <Icon aria-hidden="true" size={16} strokeWidth={2} />
    </button>
  );
}
