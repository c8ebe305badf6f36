import CalendarIcon from '@mui/icons-material/EventOutlined';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { TicketDto } from '@contracts/sales';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n';
import { TicketQr } from './components';

/** Download links of a paid order's documents: every ticket as a PDF, the event as a calendar file. */
export function OrderDocuments({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const base = `/api/v2/order/${encodeURIComponent(orderId)}`;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button variant="outlined" startIcon={<PdfIcon />} href={`${base}/tickets.pdf`} download data-testid="download-pdf">
        {t('sales.checkout.downloadPdf')}
      </Button>
      <Button variant="outlined" startIcon={<CalendarIcon />} href={`${base}/calendar.ics`} download data-testid="add-calendar">
        {t('sales.checkout.addToCalendar')}
      </Button>
    </Box>
  );
}

/** The tickets of an order, each with its QR code, type, attendee and status; `actions` per ticket if given. */
export function TicketList({ tickets, actions }: { tickets: TicketDto[]; actions?: (ticket: TicketDto) => ReactNode }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(300px, 1fr))' } }}>
      {tickets.map((ticket) => (
        <Paper key={ticket._id} variant="outlined" sx={{ p: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }} data-testid="ticket">
          <Box sx={{ opacity: ticket.status === 'valid' ? 1 : 0.35 }}>
            <TicketQr code={ticket.code} size={140} />
          </Box>
          <Box sx={{ flex: '1 1 140px', minWidth: 0, display: 'grid', gap: 0.5 }}>
            <Typography sx={{ fontWeight: 800, overflowWrap: 'anywhere' }}>{ticket.ticketTypeName}</Typography>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="ticket-attendee">
              {ticket.attendeeName ?? t('sales.checkout.unnamed')}
            </Typography>
            {ticket.attendeeEmail && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {ticket.attendeeEmail}
              </Typography>
            )}
            <Typography variant="caption" color="text.secondary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }} data-testid="ticket-code">
              {ticket.code}
            </Typography>
            <Box>
              <Chip size="small" color={ticket.status === 'valid' ? 'success' : 'default'} label={t(`sales.checkout.ticketStatus_${ticket.status}`)} />
            </Box>
            {actions && ticket.status === 'valid' && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mt: 0.5 }}>{actions(ticket)}</Box>}
          </Box>
        </Paper>
      ))}
    </Box>
  );
}
