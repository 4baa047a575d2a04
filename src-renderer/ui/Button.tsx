import type { ButtonHTMLAttributes, ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';

/**
 * The one button of the app. It is a plain `<button>` (type "button" unless told), so its
 * name stays its text and the keyboard, forms and assistive technology treat it as one.
 */
export function Button(
  props: ButtonHTMLAttributes<HTMLButtonElement> & {
    variant?: ButtonVariant;
    /** Drawn before the text and hidden from assistive technology: the text names the action. */
    icon?: LucideIcon;
    children: ReactNode;
  },
) {
  const { variant = 'secondary', icon: Icon, className, children, type, ...rest } = props;
  return (
    <button
      type={type === 'submit' ? 'submit' : 'button'}
      className={`btn btn-${variant}${className ? ` ${className}` : ''}`}
      {...rest}
    >
      {Icon && <Icon aria-hidden="true" className="btn-icon" size={16} strokeWidth={2} />}
      {children}
    </button>
  );
}
