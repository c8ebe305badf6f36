import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, Outlet, ScrollRestoration } from 'react-router-dom';
import { connectSocket, disconnectSocket } from '../app/socket';
import { useRouteFocus } from '../components/a11y';
import { DRAWER_WIDTH, layout } from '../app/theme';
import { useTranslation } from '../i18n';
import { webModules } from '../modules';
import { useCurrentUser } from '../modules/accounts/api';
import { AccountMenu } from './AccountMenu';
import { Footer } from './Footer';
import { SearchBox } from './SearchBox';
import { SnackbarHost } from './SnackbarHost';

// Modules' top-bar controls (notifications, chat) exist only for a signed-in user and load on demand.
const toolbarSlots = webModules.flatMap((m) => (m.toolbar ? [{ name: m.name, Slot: m.toolbar }] : []));

// The drawer (MUI Drawer, Modal, List) loads when first needed: opened, or permanent for a signed-in user.
const UserDrawer = lazy(() => import('./UserDrawer'));

// Only an account whose e-mail is unproven loads the banner's code (MUI Alert stays out of everyone else's entry).
const VerifyEmailBanner = lazy(() => import('./VerifyEmailBanner'));

const PERMANENT_DRAWER_QUERY = '(min-width:1264px)';

/** The app shell: top bar (search, notifications, chat, account), user drawer, content and footer. */
export function Shell() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const signedIn = !!user;
  const wide = useMediaQuery(PERMANENT_DRAWER_QUERY, { noSsr: true });
  const permanent = signedIn && wide;
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  useRouteFocus();

  // The socket lives while a user is signed in (chat and notifications subscribe through app/socket).
  useEffect(() => {
    if (user) void connectSocket();
    else if (user === null) disconnectSocket();
  }, [user?._id]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', flexDirection: 'column', overflowX: 'clip' }}>
      <Box
        component="a"
        href="#main"
        sx={{ position: 'absolute', left: -9999, top: 0, zIndex: 2000, bgcolor: 'background.paper', p: 1, '&:focus': { left: 8, top: 8 } }}
      >
        {t('common.skipToContent')}
      </Box>
      <AppBar position="sticky" elevation={0} sx={{ bgcolor: 'secondary.main', zIndex: (th) => (permanent ? th.zIndex.drawer + 1 : th.zIndex.appBar) }}>
        <Toolbar sx={{ gap: { xs: 0.5, sm: 1.5 }, position: 'relative', minHeight: { xs: 56, sm: 64 } }}>
          {!permanent && (
            <IconButton edge="start" color="inherit" aria-label={t('shell.openMenu')} onClick={() => {
                setDrawerUsed(true);
                setDrawerOpen(true);
              }}
              data-testid="open-drawer"
            >
              <MenuIcon />
            </IconButton>
          )}
          <Box component={RouterLink} to="/" sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', mr: 'auto', minWidth: 0 }}>
            <Box component="img" src="/favicon.svg" alt="" sx={{ width: 32, height: 32 }} />
            <Typography component="span" sx={{ fontWeight: 800, fontSize: 22, letterSpacing: 0.3 }}>
              {t('common.appName')}
            </Typography>
            <Typography component="span" sx={{ fontSize: 13, opacity: 0.85, ml: 1, [layout.compactBar]: { display: 'none' }, display: { xs: 'none', lg: 'inline' } }}>
              {t('common.tagline')}
            </Typography>
          </Box>
          <SearchBox />
          {signedIn && (
            <Suspense fallback={null}>
              {toolbarSlots.map(({ name, Slot }) => (
                <Slot key={name} />
              ))}
            </Suspense>
          )}
          <AccountMenu />
        </Toolbar>
      </AppBar>
      <Box sx={{ display: 'flex', flex: 1, minWidth: 0 }}>
        {(permanent || drawerUsed) && (
          <Suspense fallback={permanent ? <Box sx={{ width: DRAWER_WIDTH, flexShrink: 0 }} /> : null}>
            <UserDrawer permanent={permanent} open={drawerOpen} onClose={() => setDrawerOpen(false)} signedIn={signedIn} />
          </Suspense>
        )}
        <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0 }}>
          {/* Beside the drawer, not under it: the permanent drawer's paper would cover the sentence's start. */}
          {user?.emailVerified === false && (
            <Suspense fallback={null}>
              <VerifyEmailBanner key={user._id} user={user} />
            </Suspense>
          )}
          <Box component="main" id="main" tabIndex={-1} sx={{ flex: 1, minWidth: 0, outline: 'none' }}>
            <Outlet />
          </Box>
          <Footer />
        </Box>
      </Box>
      <SnackbarHost />
      <ScrollRestoration />
    </Box>
  );
}
