/** Money (money-values.ts) and the schema of a form field typed in dollars. */
import { z } from 'zod';
import { type Cents, parseMoneyInput } from './money-values';

export * from './money-values';

/** A form field typed in dollars whose value is its Cents (parseMoneyInput's rules and sentences). */
export const moneyInputSchema = (field: string) =>
  z.string().transform((text, ctx): Cents => {
    const input = parseMoneyInput(text, field);
    if (input.ok) return input.cents;
    ctx.addIssue({ code: 'custom', message: input.error });
    return z.NEVER;
  });
