import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { disconnectSocket } from '../app/socket';
import { useLogoutMutation } from '../modules/accounts/api';

/** Spec section 4: the logout call, then the sign-in page after 500 ms. */
export const LOGOUT_REDIRECT_MS = 500;

export function useLogout() {
  const [logout] = useLogoutMutation();
  const navigate = useNavigate();
  return useCallback(async () => {
    await logout().catch(() => undefined);
    disconnectSocket();
    await new Promise((r) => window.setTimeout(r, LOGOUT_REDIRECT_MS));
    navigate('/auth/sign-in', { replace: true });
  }, [logout, navigate]);
}
