import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense } from 'react';
import { useTranslation } from '../i18n';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { signInPath } from '../app/guards';
import { useCurrentUser } from '../modules/accounts/api';

// The menu of a signed-in user (Menu, Popover, Avatar...) is loaded only when someone is signed in.
const UserMenu = lazy(() => import('./UserMenu'));

/** Signed out: only 'Iniciar Sesión'. Signed in: the account menu (UserMenu). */
export function AccountMenu() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const location = useLocation();

  if (user === undefined) return <Box sx={{ width: 40 }} />;
  if (user === null) {
    const onAuthPage = location.pathname.startsWith('/auth/');
    return (
      <Button
        component={RouterLink}
        to={onAuthPage ? '/auth/sign-in' : signInPath(location.pathname)}
        variant="outlined"
        color="inherit"
        sx={{ whiteSpace: 'nowrap', borderColor: 'rgba(255,255,255,0.6)', flexShrink: 0 }}
      >
        {t('shell.signIn')}
      </Button>
    );
  }
  return (
    <Suspense fallback={<Box sx={{ width: 44 }} />}>
      <UserMenu user={user} />
    </Suspense>
  );
}
