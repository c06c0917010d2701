import { useContext } from 'react';
import { AuthContext, type AuthContextValue } from '../lib/auth-context';

/** The session and the sign-in/out actions; needs the AuthProvider (in the app's providers). */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs <AuthProvider> (see app/provider.tsx).');
  return value;
}
