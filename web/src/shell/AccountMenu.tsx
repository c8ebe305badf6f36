import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import LogoutIcon from '@mui/icons-material/Logout';
import SettingsIcon from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { signInPath } from '../app/guards';
import { Avatar } from '../components/Avatar';
import { useCurrentUser } from '../modules/accounts/api';
import { useLogout } from './useLogout';

/** Signed out: only 'Iniciar Sesión'. Signed in: settings, logout and, for platform administrators, /admin. */
export function AccountMenu() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const location = useLocation();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

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
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label={t('shell.accountMenu')}
        aria-haspopup="menu"
        aria-controls={anchor ? 'account-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="account-menu-button"
        sx={{ p: 0.5 }}
      >
        <Avatar name={user.displayName} size={36} />
      </IconButton>
      <Menu id="account-menu" anchorEl={anchor} open={!!anchor} onClose={close} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <Box sx={{ px: 2, py: 1, maxWidth: 280 }}>
          <Typography noWrap sx={{ fontWeight: 700 }}>
            {user.displayName}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
        </Box>
        <Divider />
        {user.administrator && (
          <MenuItem component={RouterLink} to="/admin" onClick={close}>
            <ListItemIcon>
              <AdminPanelSettingsIcon fontSize="small" />
            </ListItemIcon>
            {t('shell.admin')}
          </MenuItem>
        )}
        <MenuItem component={RouterLink} to="/settings/profile" onClick={close}>
          <ListItemIcon>
            <SettingsIcon fontSize="small" />
          </ListItemIcon>
          {t('shell.accountSettings')}
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
          data-testid="logout"
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          {t('shell.logout')}
        </MenuItem>
      </Menu>
    </>
  );
}
