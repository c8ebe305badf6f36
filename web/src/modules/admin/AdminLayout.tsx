import DashboardIcon from '@mui/icons-material/DashboardOutlined';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import StorefrontIcon from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from '../../i18n';
import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';

const ITEMS = [
  { key: 'dashboard', to: '/admin', icon: <DashboardIcon /> },
  { key: 'organizers', to: '/admin/organizers', icon: <GroupsIcon /> },
  { key: 'users', to: '/admin/users', icon: <PersonIcon /> },
];
/** Ferias virtuales group of the spec: the virtual-fair module's catalogue pages (web/src/modules/virtualFair). */
const FAIR_ITEMS = ['fairground', 'stands', 'auditoriums', 'meetingRooms'];

/** Admin layout: drawer with Tablero, Organizadores, Usuarios and the Ferias virtuales group. */
export function Component() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const wide = useMediaQuery('(min-width:1060px)', { noSsr: true });
  const fair = FAIR_ITEMS.map((k) => `/admin/virtualFair/${k}`).find((to) => pathname === to);
  const current = fair ?? ITEMS.slice().reverse().find((i) => pathname === i.to || pathname.startsWith(`${i.to}/`))?.to ?? '/admin';
  return (
    <Box sx={{ display: 'flex', minWidth: 0 }}>
      {wide ? (
        <Box component="aside" sx={{ width: 232, flexShrink: 0, borderRight: 1, borderColor: 'divider', bgcolor: 'background.paper', minHeight: 'calc(100vh - 64px)' }}>
          <List component="nav" aria-label={t('admin.menu.title')} subheader={<ListSubheader component="div" sx={{ fontWeight: 800 }}>{t('admin.menu.title')}</ListSubheader>}>
            {ITEMS.map((i) => (
              <ListItemButton key={i.key} component={RouterLink} to={i.to} selected={!fair && current === i.to} sx={{ mx: 1, borderRadius: 2 }}>
                <ListItemIcon sx={{ minWidth: 36 }}>{i.icon}</ListItemIcon>
                <ListItemText primary={t(`admin.menu.${i.key}`)} />
              </ListItemButton>
            ))}
            <ListSubheader component="div" sx={{ fontWeight: 700, mt: 1 }}>{t('admin.menu.virtualFairs')}</ListSubheader>
            {FAIR_ITEMS.map((k) => (
              <ListItemButton key={k} component={RouterLink} to={`/admin/virtualFair/${k}`} selected={pathname === `/admin/virtualFair/${k}`} sx={{ mx: 1, borderRadius: 2 }}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <StorefrontIcon />
                </ListItemIcon>
                <ListItemText primary={t(`admin.menu.${k}`)} />
              </ListItemButton>
            ))}
          </List>
        </Box>
      ) : null}
      <Box sx={{ flex: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
        {!wide && (
          <Tabs value={current} variant="scrollable" allowScrollButtonsMobile sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }} aria-label={t('admin.menu.title')}>
            {ITEMS.map((i) => (
              <Tab key={i.key} value={i.to} label={t(`admin.menu.${i.key}`)} component={RouterLink} to={i.to} />
            ))}
            {FAIR_ITEMS.map((k) => (
              <Tab key={k} value={`/admin/virtualFair/${k}`} label={t(`admin.menu.${k}`)} component={RouterLink} to={`/admin/virtualFair/${k}`} />
            ))}
          </Tabs>
        )}
        <Outlet />
      </Box>
    </Box>
  );
}
