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
import { AUDIT_COLUMN_KEYS, auditFieldLabel, auditValueLabel } from '@contracts/audit-labels';

/** Free values (dates in the event's time zone, anything else as it is). */
function show(v: unknown, tz: string): string {
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v)) return dayjs(v).tz(tz).format('DD/MM/YYYY HH:mm');
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** Audit trail of the event, straight from its stream: who, when, what, before and after; CSV export. */
export default function HistoryPage() {
  const { t, i18n } = useTranslation();
  const { eventId, roleData } = useModuleArea();
  const tz = roleData?.event?.timeZone ?? DEFAULT_TIME_ZONE;
  // Field and value labels shared with the CSV export (src/contracts/audit-labels.ts).
  const lookup = (key: string) => (i18n.exists(key) ? t(key) : undefined);
  const fieldLabel = (f: string) => auditFieldLabel(f, lookup);
  const valueLabel = (f: string, v: unknown) => auditValueLabel(f, v, lookup, { empty: '—', other: (x) => show(x, tz) });
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
                {AUDIT_COLUMN_KEYS.map((key) => (
                  <TableCell key={key}>{t(key)}</TableCell>
                ))}
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
