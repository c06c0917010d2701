import { z } from 'zod';

/** C0 control characters and DEL: never valid in a single-line text (NUL cannot even be stored). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;
/** The same, except tab, line feed and carriage return, which long texts may hold. */
// eslint-disable-next-line no-control-regex -- as above
const CONTROL_CHARACTERS_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const CONTROL_CHARACTERS_MESSAGE = 'Must not contain control characters';

/** True when `value` holds no control character (`multiline` allows \t, \n and \r). */
export function hasNoControlCharacters(value: string, multiline = false): boolean {
  return !(multiline ? CONTROL_CHARACTERS_EXCEPT_LINE_BREAKS : CONTROL_CHARACTERS).test(value);
}

export interface TextOptions {
  /** Message when the value is missing or not a string. */
  error?: string;
  /** Long texts (descriptions, addresses) may hold tabs and line breaks. */
  multiline?: boolean;
}

/**
 * THE string schema of every text the API accepts (bodies, queries, path parameters): a string
 * without NUL or other control characters, so such input is a 400 naming the field and never
 * reaches the database. Chain `.trim()`, `.min()`, `.max()`, `.email()`... on it as usual.
 */
export const text = ({ error, multiline = false }: TextOptions = {}) =>
  z
    .string(error)
    .refine((v) => hasNoControlCharacters(v, multiline), { message: CONTROL_CHARACTERS_MESSAGE });

/** A required, trimmed text of at most `max` characters: "<label> is required" when empty. */
export const requiredText = (label: string, max: number, multiline = false) =>
  text({ error: `${label} is required`, multiline })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
