import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { newClientId } from '../../../app/clientId';
import { useTranslation } from '../../../i18n';
import { useTourQuery, useUpdateTourMutation } from './api';
import { deadlineDate } from './format';

/**
 * The offerer's product-catalogue tip (tour state offer.productCatalogue): once the welcome tour is done, the
 * catalogue page says until when products may be uploaded. Not a dialog: it never stands in front of the page.
 * "Entendido" saves the flag false; a failure is only logged (spec 8).
 */
export function CatalogueTip({ productDeadline, timeZone }: { productDeadline: string | null; timeZone: string }) {
  const { t } = useTranslation();
  const { data: tour } = useTourQuery();
  const [update] = useUpdateTourMutation();
  const [closed, setClosed] = useState(false);
  if (!tour || closed || tour.offer.module || !tour.offer.productCatalogue) return null;
  const dismiss = () => {
    setClosed(true);
    update({ tour: { offer: { productCatalogue: false } }, clientId: newClientId() })
      .unwrap()
      .catch((err: unknown) => console.error('updateCollaboratorTour failed', err));
  };
  return (
    <Alert
      severity="info"
      sx={{ mt: 3 }}
      action={
        <Button color="inherit" size="small" onClick={dismiss} data-testid="bc-catalogue-tip-ok">
          {t('businessConference.home.tip.ok')}
        </Button>
      }
      data-testid="bc-catalogue-tip"
    >
      <AlertTitle>{t('businessConference.home.tip.title')}</AlertTitle>
      {productDeadline ? t('businessConference.home.productDeadline', { date: deadlineDate(productDeadline, timeZone) }) : t('businessConference.home.tip.noDeadline')}{' '}
      {t('businessConference.home.tip.text')}
    </Alert>
  );
}
