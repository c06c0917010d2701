import { z } from 'zod';
import { messages } from './messages';
import { text } from './text';

/** Spec section 5: at least one lowercase, one uppercase letter and 6 or more characters. */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
const passwordPattern = /^(?=.*[a-z])(?=.*[A-Z]).{6,}$/;

export const passwordSchema = text()
  .max(PASSWORD_MAX_LENGTH)
  .regex(passwordPattern, messages.registration.passwordRule);

/** Spec section 5: a general pattern with a top-level domain of 2 to 4 letters. */
export const loginEmailPattern = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,4}$/i;

export const nameSchema = text().trim().min(1, 'Name is required').max(100);
export const emailSchema = text().trim().max(254).email('Invalid email address');
export const photoUrlSchema = text()
  .trim()
  .min(1, 'Photo URL is required')
  .max(2048)
  .url('Photo URL must be a valid URL')
  .refine((u) => /^https?:\/\//i.test(u), 'Photo URL must start with http:// or https://');

/** The registration form (spec section 2): every field required. */
export const registerFormSchema = z
  .object({
    displayName: nameSchema,
    email: emailSchema,
    photoURL: photoUrlSchema,
    password: passwordSchema,
    confirmPassword: text().min(1, 'Confirm Password is required'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.registration.passwordsMismatch,
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

/** The login form (spec section 5). */
export const loginFormSchema = z.object({
  email: text()
    .min(1, messages.login.emailRequired)
    .regex(loginEmailPattern, messages.login.emailInvalid),
  password: text()
    .min(1, messages.login.passwordRequired)
    .min(PASSWORD_MIN_LENGTH, messages.login.passwordTooShort),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** Forgot password (on /login): the account's e-mail, checked as the login form checks it. */
export const forgotPasswordFormSchema = z.object({ email: loginFormSchema.shape.email });
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;

/** The new password from a reset link: the sign-up rules, typed twice. */
export const resetPasswordFormSchema = z
  .object({
    password: passwordSchema,
    confirmPassword: text().min(1, 'Confirm Password is required'),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: messages.registration.passwordsMismatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

/** Profile: the name and the photo (the photo's URL on our image host; '' keeps the current one). */
export const profileDetailsFormSchema = z.object({ name: nameSchema, photo: text() });
export type ProfileDetailsForm = z.infer<typeof profileDetailsFormSchema>;

/** Profile: the new e-mail address, confirmed from that address. */
export const changeEmailFormSchema = z.object({ newEmail: emailSchema });
export type ChangeEmailForm = z.infer<typeof changeEmailFormSchema>;

/** Profile: a new password by the sign-up rules, typed twice, with the current one. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: text().min(1, 'Current password is required'),
    newPassword: passwordSchema,
    confirmPassword: text().min(1, 'Confirm Password is required'),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: messages.registration.passwordsMismatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;
