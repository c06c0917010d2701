import { Outlet } from 'react-router';

// Placeholder guards: the auth feature replaces these with session and admin checks.
export function RequireAuth() {
  return <Outlet />;
}

export function RequireAdmin() {
  return <Outlet />;
}
