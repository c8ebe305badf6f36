import EventIcon from '@mui/icons-material/EventOutlined';
import HandshakeIcon from '@mui/icons-material/HandshakeOutlined';
import PlaceIcon from '@mui/icons-material/PlaceOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../../../i18n';
import { useModuleArea } from '../area/context';
import { isGroup, menuFor } from '../menus';
import { EmptyState, PageHeader } from '../components/common';
import { longDate } from '../format';

/**
 * Tablero of the modules whose own pages come in later releases (business conference, exhibitor) and of
 * store roles without a dashboard: the event at a glance, the user's role and, for business conferences,
 * the rounds of the event.
 */
export default function ModuleHomePage() {
  const { t } = useTranslation();
  const { roleData, module, role } = useModuleArea();
  const ev = roleData?.event;
  if (!ev || !module) return null;
  const rounds = roleData.businessConferences;
  const otherPages = menuFor(module, role)
    .flatMap((e) => (isGroup(e) ? e.items : [e]))
    .some((i) => i.built && i.path !== '');
  return (
    <Box>
      <PageHeader title={ev.eventName} subtitle={`${t(`events.modules.${module}`)} · ${t('events.home.yourRole')}: ${t(`events.roles.${role}`)}`} />
      <Paper variant="outlined" sx={{ p: 2.5, mb: 3, display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <EventIcon color="primary" aria-hidden />
          <Typography>{longDate(ev.startDate, ev.timeZone)}</Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <PlaceIcon color="primary" aria-hidden />
          <Typography>{ev.venue ?? t('events.common.online')}</Typography>
        </Box>
        <Chip label={ev.published ? t('events.status.published') : t('events.status.draft')} color={ev.published ? 'success' : 'default'} />
      </Paper>
      {module === 'businessConference' &&
        (rounds.length === 0 ? (
          <EmptyState icon={<HandshakeIcon />} title={t('events.home.noRounds')} text={t('events.home.noRoundsText')} />
        ) : (
          <Paper variant="outlined" sx={{ p: 2.5 }}>
            <Typography component="h2" variant="h6" sx={{ fontWeight: 700, mb: 1 }}>
              {t('events.home.rounds')}
            </Typography>
            {rounds.map((r) => (
              <Typography key={r._id}>
                {r.name} · {longDate(r.startDate, ev.timeZone)}
              </Typography>
            ))}
          </Paper>
        ))}
      {module !== 'businessConference' && (
        // Point at the menu only when it leads somewhere: a module whose pages are all in later releases says so.
        <Typography color="text.secondary">{otherPages ? t('events.home.menuHint') : t('events.home.laterRelease')}</Typography>
      )}
    </Box>
  );
}
