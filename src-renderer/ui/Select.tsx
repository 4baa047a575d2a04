import type { SelectHTMLAttributes } from 'react';
import { ChevronDown } from 'lucide-react';

/** A choice as stored, and the words the user reads for it. */
export interface SelectOption {
  value: string;
  label: string;
}

/**
 * A native `<select>` in the app's look: the platform's own list keeps keyboard use, type
 * to find and screen reader support that a drawn list would have to rebuild.
 */
export function Select(
  props: SelectHTMLAttributes<HTMLSelectElement> & { options: readonly SelectOption[] },
) {
  const { options, className, ...rest } = props;
  return (
    <span className={`select${className ? ` ${className}` : ''}`}>
      <select {...rest}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown aria-hidden="true" className="select-chevron" size={16} />
    </span>
  );
}
