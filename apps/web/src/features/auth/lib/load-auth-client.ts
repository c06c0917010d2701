/** The Better Auth client, loaded with the first call that needs it (not with every page). */
export const loadAuthClient = () => import('./auth-client').then((m) => m.authClient);
