import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import LogoutIcon from '@mui/icons-material/Logout';
import SettingsIcon from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { AuthUser } from '@contracts/accounts';
import { useState } from 'react';
import { useTranslation } from '../i18n';
import { Link as RouterLink } from 'react-router-dom';
import { Avatar, initials } from '../components/Avatar';
import { useLogout } from './useLogout';

/** The signed-in account menu: 'Administrador' (platform administrators), 'Ajustes de la cuenta', 'Cerrar sesión'. */
export default function UserMenu({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        // The visible initials are part of the accessible name (WCAG 2.5.3, label in name).
        aria-label={`${t('shell.accountMenu')} ${initials(user.displayName)} - ${user.displayName}`}
        aria-haspopup="menu"
        aria-controls={anchor ? 'account-menu' : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid="account-menu-button"
        sx={{ p: 0.5 }}
      >
        <Avatar name={user.displayName} size={36} src={user.avatarUrl ?? undefined} />
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
