import CloseIcon from '@mui/icons-material/Close';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { HomeRoundDto } from '@contracts/businessConference-home';
import { useState, type ComponentType } from 'react';
import { describeError, ErrorView } from '../../../components/ErrorPage';
import { useTranslation } from '../../../i18n';
import { meetingTime } from './format';
import { SupportInfo } from './SupportInfo';

/** The desk's "ask for help" button of one meeting (web/src/modules/businessConference/desk/HelpButton.tsx). */
export type MeetingHelpButton = ComponentType<{ meetingId: string; type: 'offer' | 'demand' }>;

/**
 * The participant's support help drawer (spec 2 layouts): on schedule pages it offers "ask the administrator for
 * help" on each of the participant's meetings (the desk's button); elsewhere the organizer's support contact
 * (WhatsApp link, e-mail). Both show the product-deadline notice and the advice to log in 5 minutes early.
 */
export function HelpDrawer({
  entry,
  loading,
  error,
  schedulePage,
  HelpButton,
}: {
  entry: HomeRoundDto | undefined;
  loading: boolean;
  error: unknown;
  schedulePage: boolean;
  HelpButton: MeetingHelpButton;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      {/* At the foot of the page, not floating: a floating button would cover the page's own buttons on a phone. */}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
        <Button variant="outlined" onClick={() => setOpen(true)} aria-haspopup="dialog" startIcon={<HelpOutlineIcon aria-hidden />} data-testid="bc-help-open">
          {t('businessConference.home.helpButton')}
        </Button>
      </Box>
      <Drawer anchor="right" open={open} onClose={() => setOpen(false)} slotProps={{ paper: { role: 'dialog', 'aria-labelledby': 'bc-help-title' } as object }}>
        <Box sx={{ width: { xs: '100vw', sm: 380 }, maxWidth: '100vw', p: 2.5, display: 'grid', gap: 2, alignContent: 'start' }} data-testid="bc-help-drawer">
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography id="bc-help-title" component="h2" sx={{ fontWeight: 800, fontSize: 20, flex: 1 }}>
              {t('businessConference.home.helpTitle')}
            </Typography>
            <IconButton onClick={() => setOpen(false)} aria-label={t('businessConference.home.closeHelp')}>
              <CloseIcon />
            </IconButton>
          </Box>
          {error ? (
            <ErrorView {...describeError(error)} />
          ) : loading ? (
            <LinearProgress aria-label={t('common.loading')} />
          ) : entry ? (
            <>
              {schedulePage ? (
                <Box component="section" aria-labelledby="bc-help-ask" sx={{ display: 'grid', gap: 1 }} data-testid="bc-help-ask">
                  <Typography id="bc-help-ask" component="h3" sx={{ fontWeight: 700 }}>
                    {t('businessConference.home.askAdminTitle')}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('businessConference.home.askAdminText')}
                  </Typography>
                  {entry.nextMeetings.length === 0 ? (
                    <Typography variant="body2">{t('businessConference.home.askAdminNone')}</Typography>
                  ) : (
                    <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
                      {entry.nextMeetings.map((m) => (
                        <Box component="li" key={m.meetingId} sx={{ display: 'grid', gap: 0.5 }}>
                          <Typography variant="body2">{t('businessConference.home.meetingAt', { time: meetingTime(m.start, entry.round.timeZone), company: m.counterpart.company })}</Typography>
                          <Box>
                            <HelpButton meetingId={m.meetingId} type={m.side} />
                          </Box>
                        </Box>
                      ))}
                    </Box>
                  )}
                </Box>
              ) : (
                <Box component="section" aria-labelledby="bc-help-support" sx={{ display: 'grid', gap: 1 }}>
                  <Typography id="bc-help-support" component="h3" sx={{ fontWeight: 700 }}>
                    {t('businessConference.home.supportTitle')}
                  </Typography>
                </Box>
              )}
              <SupportInfo entry={entry} contact={!schedulePage} />
            </>
          ) : (
            <Typography variant="body2">{t('businessConference.home.loginEarly')}</Typography>
          )}
        </Box>
      </Drawer>
    </>
  );
}
