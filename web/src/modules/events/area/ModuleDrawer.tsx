import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from '../../../i18n';
import { Link as RouterLink } from 'react-router-dom';
import { isGroup, menuFor, type MenuItem } from '../menus';

interface Props {
  base: string;
  module: string;
  role?: string;
  page: string;
  maximumPrice: number;
  businessConferences: number;
  onNavigate?: () => void;
}

/** The module drawer built from the user's role (spec "Menus"); disabled items explain why in a tooltip. */
export function ModuleDrawer({ base, module, role, page, maximumPrice, businessConferences, onNavigate }: Props) {
  const { t } = useTranslation();
  const entries = menuFor(module, role);
  const [open, setOpen] = useState<Record<string, boolean>>({});

  const reason = (i: MenuItem): string | null => {
    if (i.paidOnly && maximumPrice === 0) return t('events.menu.paidOnly');
    if (i.needsConference && businessConferences === 0 && i.path !== '/settings/businessConference') return t('events.menu.needsConference');
    if (!i.built) return t('events.menu.soon');
    return null;
  };

  const renderItem = (i: MenuItem, nested = false) => {
    const why = reason(i);
    const selected = page === i.path;
    const button = (
      <ListItemButton
        key={i.path}
        component={why ? 'div' : RouterLink}
        to={why ? undefined : `${base}${i.path}`}
        disabled={!!why}
        selected={selected}
        onClick={why ? undefined : onNavigate}
        sx={{ pl: nested ? 4 : 2, borderRadius: 2, mx: 1, '&.Mui-selected': { color: 'primary.dark', fontWeight: 700 } }}
        data-testid={`menu-${i.key}`}
      >
        <ListItemText primary={t(`events.menu.${i.key}`)} slotProps={{ primary: { sx: { fontSize: 14, fontWeight: selected ? 700 : 500 } } }} />
      </ListItemButton>
    );
    return why ? (
      <Tooltip key={i.path} title={why} placement="right">
        <span>{button}</span>
      </Tooltip>
    ) : (
      button
    );
  };

  return (
    <List
      component="nav"
      aria-label={t('events.area.moduleMenu')}
      dense
      subheader={<ListSubheader component="div" sx={{ bgcolor: 'transparent', fontWeight: 800, lineHeight: '40px' }}>{t(`events.modules.${module}`)}</ListSubheader>}
    >
      {entries.map((e) =>
        isGroup(e) ? (
          <div key={e.key}>
            <ListItemButton onClick={() => setOpen((o) => ({ ...o, [e.key]: !o[e.key] }))} sx={{ borderRadius: 2, mx: 1 }} aria-expanded={!!open[e.key]}>
              <ListItemText primary={t(`events.menu.${e.key}`)} slotProps={{ primary: { sx: { fontSize: 14, fontWeight: 600 } } }} />
              {open[e.key] ? <ExpandLess /> : <ExpandMore />}
            </ListItemButton>
            <Collapse in={!!open[e.key] || e.items.some((i) => i.path === page)} unmountOnExit>
              <List component="div" dense disablePadding>
                {e.items.map((i) => renderItem(i, true))}
              </List>
            </Collapse>
          </div>
        ) : (
          renderItem(e)
        ),
      )}
    </List>
  );
}
