import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import EventIcon from '@mui/icons-material/EventOutlined';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import PublicIcon from '@mui/icons-material/PublicOutlined';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from '../../i18n';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ErrorView, describeError } from '../../components/ErrorPage';
import { PageHeader, StatCard, StatGrid } from '../events/components/common';
import { useAdminDashboardQuery } from './api';

/** /admin: platform figures and a chart of users, organizers and events. */
export function Component() {
  const { t } = useTranslation();
  const theme = useTheme();
  const { data, error, isLoading } = useAdminDashboardQuery();
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data) return <LinearProgress aria-label={t('common.loading')} />;
  const chart = [
    { name: t('admin.dashboard.users'), value: data.users, color: theme.palette.secondary.main },
    { name: t('admin.dashboard.organizers'), value: data.organizers, color: '#2f6db5' },
    { name: t('admin.dashboard.events'), value: data.events, color: theme.palette.primary.main },
    { name: t('admin.dashboard.published'), value: data.publishedEvents, color: '#2e7d32' },
    { name: t('admin.dashboard.ticketTypes'), value: data.ticketTypes, color: '#8a3a14' },
  ];
  return (
    <Box>
      <PageHeader title={t('admin.dashboard.title')} subtitle={t('admin.dashboard.subtitle')} />
      <StatGrid>
        <StatCard icon={<PersonIcon />} label={t('admin.dashboard.users')} value={data.users} />
        <StatCard icon={<GroupsIcon />} label={t('admin.dashboard.organizers')} value={data.organizers} />
        <StatCard icon={<EventIcon />} label={t('admin.dashboard.events')} value={data.events} />
        <StatCard icon={<PublicIcon />} label={t('admin.dashboard.published')} value={data.publishedEvents} />
        <StatCard icon={<ConfirmationNumberIcon />} label={t('admin.dashboard.ticketTypes')} value={data.ticketTypes} />
      </StatGrid>
      <Paper variant="outlined" sx={{ p: 2.5 }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 2 }}>
          {t('admin.dashboard.chart')}
        </Typography>
        <Box sx={{ height: 300 }} role="img" aria-label={chart.map((c) => `${c.name}: ${c.value}`).join(', ')}>
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={chart} margin={{ top: 8, right: 8, left: -16, bottom: 8 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="name" tick={{ fontSize: 12 }} interval={0} />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
              <Tooltip cursor={{ fill: 'rgba(0,0,0,0.04)' }} />
              <Bar dataKey="value" name={t('admin.dashboard.count')} radius={[6, 6, 0, 0]}>
                {chart.map((c) => (
                  <Cell key={c.name} fill={c.color} />
                ))}
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </Box>
      </Paper>
    </Box>
  );
}
