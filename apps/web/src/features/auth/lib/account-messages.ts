/**
 * The texts of the account pages reached by mailed links (reset, sign-in link) and of the
 * profile's password checks. Kept out of auth-errors.ts, which every page loads with the session.
 */
export const accountMessages = {
  wrongCurrentPassword: 'The current password is not right.',
  passwordChanged: 'Your password was changed. Log in with your new password.',
  signInLinkRefused: 'This sign-in link has expired or was already used. Ask for a new one.',
  invalidResetLink: 'This reset link has expired or was already used. Ask for a new one.',
  invalidDeletionLink:
    'This link has expired, was already used, or was sent to another account. Log in as the account it was sent to, or ask for a new link in that account’s profile.',
  sessionEnded: 'Your session has ended. Log out and log in again to delete your account.',
} as const;
