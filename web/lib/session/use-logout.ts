import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { clearIfRequested, endServerSession, requestClearAfterNavigation } from './session.ts';

/** Fallback in case the navigation never lands (it always should). */
const CLEAR_FALLBACK_MS = 1500;

/**
 * Logout from a button: ends the server session (a failure is only logged), goes to `to` (default /) and
 * clears the local session once that page is shown, so a protected page being left does not bounce to /auth.
 */
export function useLogout() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (to = '/') => {
      await endServerSession();
      requestClearAfterNavigation();
      setTimeout(() => clearIfRequested(client), CLEAR_FALLBACK_MS);
      await navigate(to, { replace: true });
    },
    [client, navigate],
  );
}

/** Mounted once in the layout: finishes a logout after the navigation has been committed. */
export function SessionCleaner() {
  const client = useQueryClient();
  const { key } = useLocation();
  useEffect(() => {
    clearIfRequested(client);
  }, [key, client]);
  return null;
}
