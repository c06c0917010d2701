import { createContext, useContext, useId, type ReactNode } from 'react';
import { cn } from '@/utils/cn';
import { ErrorText } from './error-text';

interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

const FieldContext = createContext<FieldControlProps | null>(null);

/**
 * The id and ARIA attributes of the control inside a FormField. Input, Textarea and Select read it,
 * so `<FormField label="Email" error={...}><Input {...register('email')} /></FormField>` is wired.
 */
export function useFormFieldControl(): FieldControlProps | null {
  return useContext(FieldContext);
}

interface FormFieldProps {
  label: ReactNode;
  children: ReactNode;
  error?: string;
  hint?: ReactNode;
  /** The control's id; generated when omitted. */
  id?: string;
  /** Shows a red asterisk and sets aria-required (not the HTML attribute, so zod messages show). */
  required?: boolean;
  className?: string;
}

/** A label, one control, an optional hint and the red error text, linked with aria-describedby. */
export function FormField({
  label,
  children,
  error,
  hint,
  id,
  required,
  className,
}: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label
        htmlFor={controlId}
        className={cn(
          'text-sm font-medium text-slate-800 dark:text-slate-200',
          // the asterisk is CSS-only, so the label's text (and accessible name) stays the field's name
          required && "after:ml-0.5 after:text-red-600 after:content-['*'] dark:after:text-red-400",
        )}
      >
        {label}
      </label>
      <FieldContext.Provider
        value={{
          id: controlId,
          'aria-describedby': describedBy,
          'aria-invalid': error ? true : undefined,
          'aria-required': required ? true : undefined,
        }}
      >
        {children}
      </FieldContext.Provider>
      {hint && (
        <p id={hintId} className="text-xs text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      )}
      <ErrorText id={errorId} live={false}>
        {error}
      </ErrorText>
    </div>
  );
}

/** Classes shared by text-like controls. */
export const controlClasses =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 ' +
  'placeholder:text-slate-400 focus-visible:border-brand-500 focus-visible:outline-2 ' +
  'focus-visible:outline-offset-0 focus-visible:outline-brand-500 disabled:opacity-60 ' +
  '[&[readonly]]:bg-slate-100 aria-invalid:border-red-500 dark:border-slate-600 dark:bg-slate-900 ' +
  'dark:text-slate-100 dark:placeholder:text-slate-500 dark:[&[readonly]]:bg-slate-800';
