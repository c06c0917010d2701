import type { Ref, SelectHTMLAttributes } from 'react';
import { cn } from '@/utils/cn';
import { controlClasses, useFormFieldControl } from './form-field';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  /** Options to render; children can be used instead. */
  options?: readonly SelectOption[];
  /** A first, empty option (e.g. "All categories"). */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
}

export function Select({ className, options, placeholder, children, ...rest }: SelectProps) {
  const field = useFormFieldControl();
  return (
    <select {...field} {...rest} className={cn(controlClasses, 'h-10 pr-8', className)}>
      {placeholder !== undefined && <option value="">{placeholder}</option>}
      {options?.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
      {children}
    </select>
  );
}
