import { describe, expect, it } from 'vitest';
import { loginFormSchema, registerFormSchema } from './auth';
import { messages } from './messages';

const valid = {
  displayName: 'Ada',
  email: 'ada@example.com',
  photoURL: 'https://example.com/a.png',
  password: 'Secret1',
  confirmPassword: 'Secret1',
};

describe('registerFormSchema', () => {
  it('accepts a valid registration', () => {
    expect(registerFormSchema.safeParse(valid).success).toBe(true);
  });
  it.each(['secret', 'SECRET', 'Se1'])('refuses the password %s with the spec text', (password) => {
    const r = registerFormSchema.safeParse({ ...valid, password, confirmPassword: password });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(messages.registration.passwordRule);
  });
  it('refuses mismatched confirmation', () => {
    const r = registerFormSchema.safeParse({ ...valid, confirmPassword: 'Secret2' });
    expect(r.error?.issues.map((i) => i.message)).toContain(
      messages.registration.passwordsMismatch,
    );
  });
});

describe('loginFormSchema', () => {
  it('requires a 2 to 4 letter top-level domain', () => {
    expect(loginFormSchema.safeParse({ email: 'a@b.museum', password: 'secret' }).success).toBe(
      false,
    );
    expect(loginFormSchema.safeParse({ email: 'a@b.io', password: 'secret' }).success).toBe(true);
  });
});
