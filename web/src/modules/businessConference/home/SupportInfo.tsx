import AccessTimeIcon from '@mui/icons-material/AccessTime';
import EmailIcon from '@mui/icons-material/EmailOutlined';
import EventBusyIcon from '@mui/icons-material/EventBusyOutlined';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { HomeRoundDto } from '@contracts/businessConference-home';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n';
import { deadlineDate } from './format';

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <Box aria-hidden sx={{ color: 'primary.dark', display: 'flex', pt: 0.25 }}>
        {icon}
      </Box>
      <Typography variant="body2" component="span">
        {children}
      </Typography>
    </Box>
  );
}

/**
 * The texts of spec 9 the help shows: the organizer's support phone (WhatsApp link) and e-mail, the deadline to
 * upload products (the round's real date; offerers only) and the advice to log in 5 minutes before appointments.
 */
export function SupportInfo({ entry, contact = true }: { entry: HomeRoundDto; contact?: boolean }) {
  const { t } = useTranslation();
  const { support, round, participant } = entry;
  const offers = participant.type !== 'demand';
  return (
    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }} data-testid="bc-support-info">
      {contact && support.phone && (
        <Line icon={<WhatsAppIcon fontSize="small" />}>
          {support.whatsapp ? (
            <Link href={support.whatsapp} target="_blank" rel="noopener noreferrer">
              {t('businessConference.home.supportPhone', { phone: support.phone })}
            </Link>
          ) : (
            t('businessConference.home.supportPhone', { phone: support.phone })
          )}
        </Line>
      )}
      {contact && support.email && (
        <Line icon={<EmailIcon fontSize="small" />}>
          <Link href={`mailto:${support.email}`}>{t('businessConference.home.supportEmail', { email: support.email })}</Link>
        </Line>
      )}
      {contact && !support.phone && !support.email && <Line icon={<EmailIcon fontSize="small" />}>{t('businessConference.home.noSupport')}</Line>}
      {offers && round.productDeadline && (
        <Line icon={<EventBusyIcon fontSize="small" />}>{t('businessConference.home.productDeadline', { date: deadlineDate(round.productDeadline, round.timeZone) })}</Line>
      )}
      <Line icon={<AccessTimeIcon fontSize="small" />}>{t('businessConference.home.loginEarly')}</Line>
    </Box>
  );
}
