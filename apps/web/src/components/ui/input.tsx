import type { InputHTMLAttributes, Ref } from 'react';
import { cn } from '@/utils/cn';
import { controlClasses, useFormFieldControl } from './form-field';

export interface InputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export function Input({ className, ...rest }: InputProps) {
  const field = useFormFieldControl();
  return <input {...field} {...rest} className={cn(controlClasses, 'h-10', className)} />;
}
