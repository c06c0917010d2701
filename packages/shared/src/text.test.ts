import { describe, expect, it } from 'vitest';
import { requiredText, text } from './text';

describe('text()', () => {
  it('refuses NUL and other C0 control characters, and DEL', () => {
    for (const bad of ['a\u0000b', '\u0007', 'x\u001f', 'del\u007f', 'a\nb', 'a\tb']) {
      expect(text().safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(text().safeParse('Plain text, ünïcödé 🐶').success).toBe(true);
  });

  it('lets long texts keep tabs and line breaks, nothing else', () => {
    const long = text({ multiline: true });
    expect(long.safeParse('one\r\ntwo\n\tthree').success).toBe(true);
    expect(long.safeParse('one\u0000').success).toBe(false);
    expect(long.safeParse('one\u000b').success).toBe(false);
  });

  it('requiredText trims, names the field and caps the length', () => {
    const name = requiredText('Pet name', 5);
    expect(name.parse('  Rex ')).toBe('Rex');
    expect(name.safeParse(undefined).error?.issues[0]?.message).toBe('Pet name is required');
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe('Pet name is required');
    expect(name.safeParse('Rexxxx').error?.issues[0]?.message).toBe(
      'Pet name must be at most 5 characters',
    );
  });
});
