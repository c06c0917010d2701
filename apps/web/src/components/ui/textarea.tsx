import type { Ref, TextareaHTMLAttributes } from 'react';
import { cn } from '@/utils/cn';
import { controlClasses, useFormFieldControl } from './form-field';

export interface TextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  ref?: Ref<HTMLTextAreaElement>;
}

export function Textarea({ className, rows = 4, ...rest }: TextareaProps) {
  const field = useFormFieldControl();
  return <textarea rows={rows} {...field} {...rest} className={cn(controlClasses, className)} />;
}
