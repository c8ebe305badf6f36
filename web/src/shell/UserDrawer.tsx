import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import EventIcon from '@mui/icons-material/Event';
import HandshakeIcon from '@mui/icons-material/HandshakeOutlined';
import HomeIcon from '@mui/icons-material/Home';
import SettingsIcon from '@mui/icons-material/Settings';
import ViewModuleIcon from '@mui/icons-material/ViewModule';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';
import { NavLink, useLocation } from 'react-router-dom';
import { DRAWER_WIDTH } from '../app/theme';
import { useCurrentUser } from '../modules/accounts/api';

interface Item {
  to: string;
  label: string;
  icon: ReactNode;
  /** Anonymous users see only public items (spec: home drawer lists only '/'). */
  public?: boolean;
}

/**
 * Spec section 2, menus: Inicio, Modulos, Mis Eventos, Mis Entradas, Mis reuniones (attendee-side menu), Ajustes de la cuenta; plus Administrador
 * (/admin) for platform administrators (spec section 6).
 */
export function UserDrawerList({ signedIn, onNavigate }: { signedIn: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const items: Item[] = [
    { to: '/', label: t('shell.drawer.home'), icon: <HomeIcon />, public: true },
    { to: '/module', label: t('shell.drawer.modules'), icon: <ViewModuleIcon /> },
    { to: '/myevent', label: t('shell.drawer.myEvents'), icon: <EventIcon /> },
    { to: '/mytickets', label: t('shell.drawer.myTickets'), icon: <ConfirmationNumberIcon /> },
    { to: '/mymeetings', label: t('shell.drawer.myMeetings'), icon: <HandshakeIcon /> },
    { to: '/settings/profile', label: t('shell.drawer.accountSettings'), icon: <SettingsIcon /> },
    ...(user?.administrator ? [{ to: '/admin', label: t('shell.admin'), icon: <AdminPanelSettingsIcon /> }] : []),
  ];
  return (
    <List component="ul" sx={{ px: 1 }}>
      {items
        .filter((i) => signedIn || i.public)
        .map((item) => {
          const active = item.to === '/' ? pathname === '/' : pathname.startsWith(item.to);
          return (
            <li key={item.to}>
              <ListItemButton
                component={NavLink}
                to={item.to}
                end={item.to === '/'}
                selected={active}
                onClick={onNavigate}
                sx={{ borderRadius: 2, mb: 0.5, '&.Mui-selected': { color: 'primary.dark', '& .MuiListItemIcon-root': { color: 'primary.dark' } } }}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>{item.icon}</ListItemIcon>
                <ListItemText primary={item.label} />
              </ListItemButton>
            </li>
          );
        })}
    </List>
  );
}

/** Permanent beside the content (signed in, from 1264 px) or temporary over it (menu button). */
export default function UserDrawer({ permanent, open, onClose, signedIn }: { permanent: boolean; open: boolean; onClose: () => void; signedIn: boolean }) {
  const { t } = useTranslation();
  if (permanent) {
    return (
      <Drawer
        variant="permanent"
        component="nav"
        aria-label={t('shell.mainMenu')}
        sx={{ width: DRAWER_WIDTH, flexShrink: 0, '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box', top: 64, height: 'calc(100% - 64px)' } }}
      >
        <UserDrawerList signedIn={signedIn} />
      </Drawer>
    );
  }
  return (
    <Drawer open={open} onClose={onClose}>
      <Box component="nav" aria-label={t('shell.mainMenu')} sx={{ width: DRAWER_WIDTH, pt: 2 }}>
        <Typography sx={{ px: 3, pb: 1, fontWeight: 800, fontSize: 20, color: 'primary.dark' }}>{t('common.appName')}</Typography>
        <UserDrawerList signedIn={signedIn} onNavigate={onClose} />
      </Box>
    </Drawer>
  );
}
