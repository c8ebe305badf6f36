import HandshakeIcon from '@mui/icons-material/HandshakeOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MobileStepper from '@mui/material/MobileStepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { TourPatch } from '@contracts/businessConference-home';
import { useState } from 'react';
import { newClientId } from '../../../app/clientId';
import { useTranslation } from '../../../i18n';
import { useTourQuery, useUpdateTourMutation } from './api';

type Side = 'offer' | 'demand';
interface Card {
  title: string;
  text: string;
}

const sidesOf = (role: string | undefined): Side[] => (role === 'offer_demand' ? ['offer', 'demand'] : role === 'offer' || role === 'demand' ? [role] : []);

/**
 * The participant's tour (spec 4 Tour, spec 9 onboarding): on entry, a welcome dialog, then the page cards (3 for
 * offer, 4 for demand) with back, next, finish, skip and start buttons and dot indicators. Finishing or skipping
 * saves the side's module flag false (PUT updateCollaboratorTour); a failure is only logged (spec 8). An
 * offer_demand participant sees the offer tour, then the demand one; each shows once per user.
 */
export function TourDialog({ role, roundName }: { role: string | undefined; roundName?: string }) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width:599.95px)', { noSsr: true });
  const sides = sidesOf(role);
  const { data: tour } = useTourQuery(undefined, { skip: sides.length === 0 });
  const [update] = useUpdateTourMutation();
  // Closed here at once: the saved flag follows (and a failed save must not keep the dialog on screen).
  const [done, setDone] = useState<Side[]>([]);
  const [step, setStep] = useState(-1);

  const side = tour ? sides.find((s) => tour[s].module && !done.includes(s)) : undefined;
  if (!side) return null;
  const cards = t(`businessConference.home.tour.${side}`, { returnObjects: true }) as Card[];
  const welcome = step < 0;
  const last = step === cards.length - 1;

  const close = () => {
    setDone((d) => [...d, side]);
    setStep(-1);
    const patch: TourPatch = side === 'offer' ? { offer: { module: false } } : { demand: { module: false } };
    update({ tour: patch, clientId: newClientId() })
      .unwrap()
      .catch((err: unknown) => console.error('updateCollaboratorTour failed', err));
  };

  const titleId = 'bc-tour-title';
  return (
    <Dialog open fullScreen={narrow} maxWidth="xs" fullWidth aria-labelledby={titleId} data-testid="bc-tour" data-side={side}>
      {welcome ? (
        <>
          <DialogTitle id={titleId} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
            <HandshakeIcon aria-hidden color="primary" />
            {roundName ? t('businessConference.home.tour.welcomeTitleRound', { round: roundName }) : t('businessConference.home.tour.welcomeTitle')}
          </DialogTitle>
          <DialogContent>
            <Typography>{t(`businessConference.home.tour.welcomeText_${side}`)}</Typography>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} data-testid="bc-tour-skip">
              {t('businessConference.home.tour.skip')}
            </Button>
            <Button variant="contained" onClick={() => setStep(0)} data-testid="bc-tour-start">
              {t('businessConference.home.tour.start')}
            </Button>
          </DialogActions>
        </>
      ) : (
        <>
          <DialogTitle id={titleId}>{cards[step].title}</DialogTitle>
          <DialogContent>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {t('businessConference.home.tour.step', { n: step + 1, total: cards.length })}
            </Typography>
            <Typography>{cards[step].text}</Typography>
          </DialogContent>
          <Box sx={{ px: 2 }}>
            <MobileStepper
              variant="dots"
              steps={cards.length}
              position="static"
              activeStep={step}
              aria-label={t('businessConference.home.tour.step', { n: step + 1, total: cards.length })}
              sx={{ justifyContent: 'center', bgcolor: 'transparent' }}
              backButton={null}
              nextButton={null}
              data-testid="bc-tour-dots"
            />
          </Box>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button onClick={close} data-testid="bc-tour-skip">
              {t('businessConference.home.tour.skip')}
            </Button>
            <Box sx={{ flex: 1 }} />
            <Button onClick={() => setStep(step - 1)} disabled={step === 0} data-testid="bc-tour-back">
              {t('businessConference.home.tour.back')}
            </Button>
            {last ? (
              <Button variant="contained" onClick={close} data-testid="bc-tour-finish">
                {t('businessConference.home.tour.finish')}
              </Button>
            ) : (
              <Button variant="contained" onClick={() => setStep(step + 1)} data-testid="bc-tour-next">
                {t('businessConference.home.tour.next')}
              </Button>
            )}
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
