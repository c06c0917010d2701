/** The look of a text link on the account screens (login, sign-up, reset, deletion). */
export const AUTH_LINK_CLASS =
  'font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-accent-300';
