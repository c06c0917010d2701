import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from './use-auth';

/**
 * Sends the user to /login when the API answers 401 (the session ended): mount once, inside the
 * router (root layout). After signing in again they come back to where they were.
 */
export function useUnauthorizedRedirect() {
  const { onUnauthorized } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  }, [location]);
  useEffect(
    () =>
      onUnauthorized(() => {
        void navigate('/login', { replace: true, state: { from: here.current } });
      }),
    [onUnauthorized, navigate],
  );
}
