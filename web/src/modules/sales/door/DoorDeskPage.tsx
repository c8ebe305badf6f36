import QrCodeScannerIcon from '@mui/icons-material/QrCodeScanner';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslation } from '../../../i18n';
import { useModuleArea } from '../../events/area/context';
import { PageHeader } from '../../events/components/common';
import { CheckinPanel } from './CheckinPanel';

/**
 * /registerLimaHome (store role lima_home, spec "Menus"): the door inside the module area — the same check-in
 * panel as /tickets/validate/{event}, which it links to for a full-screen phone view.
 */
export default function DoorDeskPage() {
  const { t } = useTranslation();
  const { eventId, eventCode } = useModuleArea();
  if (!eventId) return <LinearProgress aria-label={t('common.loading')} />;
  return (
    <Box>
      <PageHeader
        title={t('sales.door.deskTitle')}
        subtitle={t('sales.door.validateSubtitle')}
        actions={
          <Button component={RouterLink} to={`/tickets/validate/${encodeURIComponent(eventCode ?? eventId)}`} startIcon={<QrCodeScannerIcon />}>
            {t('sales.door.fullScreen')}
          </Button>
        }
      />
      <CheckinPanel eventId={eventId} />
    </Box>
  );
}
