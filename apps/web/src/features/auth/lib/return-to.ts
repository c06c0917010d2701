/** Where a guard sent the user from (`location.state.from`), as a safe in-app path; else "/". */
export function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  let path: string | null = null;
  if (typeof from === 'string') path = from;
  else if (from && typeof from === 'object' && 'pathname' in from) {
    const loc = from as { pathname?: unknown; search?: unknown; hash?: unknown };
    if (typeof loc.pathname === 'string') {
      path =
        loc.pathname +
        (typeof loc.search === 'string' ? loc.search : '') +
        (typeof loc.hash === 'string' ? loc.hash : '');
    }
  }
  // only paths inside this site; never back to the sign-in screens themselves
  if (!path || !path.startsWith('/') || path.startsWith('//')) return '/';
  if (path.startsWith('/login') || path.startsWith('/register')) return '/';
  return path;
}
