import EventIcon from '@mui/icons-material/EventOutlined';
import GroupAddIcon from '@mui/icons-material/GroupAddOutlined';
import PublicIcon from '@mui/icons-material/PublicOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n';
import { Link as RouterLink } from 'react-router-dom';
import { useModuleArea } from '../area/context';
import { PageHeader, StatCard, StatGrid } from '../components/common';

/** Settings module Tablero (/module/{userId}/settings): the organizer's account at a glance and its team. */
export function Component() {
  const { t } = useTranslation();
  const { administrator, roleData } = useModuleArea();
  const own = (roleData?.events ?? []).filter((e) => e.ownerId === administrator);
  const base = `/module/${encodeURIComponent(administrator)}`;
  return (
    <Box>
      <PageHeader title={t('events.settingsHome.title')} subtitle={t('events.settingsHome.subtitle')} />
      <StatGrid>
        <StatCard icon={<EventIcon />} label={t('events.settingsHome.events')} value={own.length} />
        <StatCard icon={<PublicIcon />} label={t('events.settingsHome.published')} value={own.filter((e) => e.published).length} />
      </StatGrid>
      <Paper variant="outlined" sx={{ p: 2.5, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <GroupAddIcon color="primary" aria-hidden />
        <Box sx={{ flex: '1 1 240px' }}>
          <Typography sx={{ fontWeight: 700 }}>{t('events.menu.user')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('events.settingsHome.usersText')}
          </Typography>
        </Box>
        <Button component={RouterLink} to={`${base}/settings/user`} variant="contained">
          {t('events.settingsHome.manageUsers')}
        </Button>
      </Paper>
    </Box>
  );
}
