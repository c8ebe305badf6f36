import DownloadIcon from '@mui/icons-material/Download';
import HistoryIcon from '@mui/icons-material/History';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import dayjs from '../../../app/dayjs';
import { useTranslation } from '../../../i18n';
import { ErrorView, describeError } from '../../../components/ErrorPage';
import { useHistoryQuery } from '../api';
import { useModuleArea } from '../area/context';
import { EmptyState, PageHeader } from '../components/common';
import { DEFAULT_TIME_ZONE } from '../format';

/** Renders a before/after value of the audit trail compactly. */
function show(v: unknown, tz: string, yes: string, no: string): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? yes : no;
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v)) return dayjs(v).tz(tz).format('DD/MM/YYYY HH:mm');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/**
 * Coded values of the audit trail (src/domain/events/audit.ts) and the keys of the labels the rest of the
 * workspace shows for them, by field name; `role.<module>` fields hold a role. Other fields are free text.
 */
const VALUE_KEYS: Partial<Record<string, (code: string) => string>> = {
  role: (code) => `events.roles.${code}`,
  module: (code) => `events.modules.${code}`,
  kind: (code) => `events.payments.kind_${code}`,
  mode: (code) => `events.payments.mode_${code}`,
  visibility: (code) => `events.tickets.visibility_${code}`,
  currency: (code) => `events.currency.${code}`,
};

/** Audit trail of the event, straight from its stream: who, when, what, before and after; CSV export. */
export default function HistoryPage() {
  const { t, i18n } = useTranslation();
  const { eventId, roleData } = useModuleArea();
  const tz = roleData?.event?.timeZone ?? DEFAULT_TIME_ZONE;
  const yes = t('events.history.yes');
  const no = t('events.history.no');
  const label = (key: string, raw: string) => (i18n.exists(key) ? t(key) : raw);
  // Field paths of the log ("ticket.price", "price") shown with their Spanish label when one exists; a
  // collaborator's role in one module ("role.store") as "Rol · TIENDA".
  const fieldLabel = (f: string) => {
    const role = /^role\.(.+)$/.exec(f);
    if (role) return `${t('events.history.fields.role')} · ${label(`events.modules.${role[1]}`, role[1]!)}`;
    return label(`events.history.fields.${f.split('.').pop()}`, f);
  };
  // Coded values ("bankDeposit", "store", "public") shown with their Spanish label; anything else as it is.
  const valueLabel = (f: string, v: unknown) => {
    const keyOf = VALUE_KEYS[f.startsWith('role.') ? 'role' : (f.split('.').pop() ?? '')];
    return keyOf && typeof v === 'string' && v ? label(keyOf(v), v) : show(v, tz, yes, no);
  };
  const { data, error, isLoading } = useHistoryQuery(eventId!, { skip: !eventId });
  if (error) return <ErrorView {...describeError(error)} />;
  if (isLoading || !data) return <LinearProgress aria-label={t('common.loading')} />;
  return (
    <Box>
      <PageHeader
        title={t('events.history.title')}
        subtitle={t('events.history.subtitle')}
        actions={
          <Button component="a" href={`/api/v2/event/${encodeURIComponent(eventId!)}/history.csv`} download startIcon={<DownloadIcon />} variant="outlined">
            {t('events.history.csv')}
          </Button>
        }
      />
      {data.length === 0 ? (
        <EmptyState icon={<HistoryIcon />} title={t('events.history.empty')} />
      ) : (
        // Six columns need room: below it the table scrolls sideways instead of breaking words, and the
        // scrolling box takes keyboard focus so it can be scrolled without a mouse.
        <TableContainer component={Paper} variant="outlined" tabIndex={0} role="region" aria-label={t('events.history.title')}>
          <Table size="small" aria-label={t('events.history.title')} sx={{ minWidth: 860 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('events.history.when')}</TableCell>
                <TableCell>{t('events.history.who')}</TableCell>
                <TableCell>{t('events.history.what')}</TableCell>
                <TableCell>{t('events.history.field')}</TableCell>
                <TableCell>{t('events.history.before')}</TableCell>
                <TableCell>{t('events.history.after')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.flatMap((entry) => {
                const changes = entry.changes.length ? entry.changes : [{ field: '', before: undefined, after: undefined }];
                return changes.map((c, i) => (
                  <TableRow key={`${entry.version}-${i}`} sx={{ '& td': { verticalAlign: 'top' } }}>
                    {i === 0 && (
                      <>
                        <TableCell rowSpan={changes.length} sx={{ whiteSpace: 'nowrap' }}>
                          {dayjs(entry.at).tz(tz).format('DD/MM/YYYY HH:mm')}
                        </TableCell>
                        <TableCell rowSpan={changes.length}>{entry.userName ?? t('events.history.system')}</TableCell>
                        <TableCell rowSpan={changes.length}>
                          <Typography variant="body2" sx={{ fontWeight: 600 }}>
                            {entry.action}
                          </Typography>
                          {entry.subject && (
                            <Typography variant="caption" color="text.secondary">
                              {entry.subject}
                            </Typography>
                          )}
                        </TableCell>
                      </>
                    )}
                    <TableCell sx={{ fontSize: 13, color: 'text.secondary' }}>{c.field ? fieldLabel(c.field) : '—'}</TableCell>
                    <TableCell sx={{ color: 'text.secondary', overflowWrap: 'break-word', maxWidth: 220 }}>{valueLabel(c.field, c.before)}</TableCell>
                    <TableCell sx={{ overflowWrap: 'break-word', maxWidth: 220 }}>{valueLabel(c.field, c.after)}</TableCell>
                  </TableRow>
                ));
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}
