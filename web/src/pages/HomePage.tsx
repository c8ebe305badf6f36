import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import HandshakeIcon from '@mui/icons-material/HandshakeOutlined';
import HowToRegIcon from '@mui/icons-material/HowToRegOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { layout } from '../app/theme';
import { HomeEventsSlot } from '../modules/events/HomeEventsSlot';

function Feature({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 3, flex: '1 1 240px', minWidth: 0 }}>
      <Box aria-hidden sx={{ color: 'primary.dark', mb: 1, '& svg': { fontSize: 32 } }}>
        {icon}
      </Box>
      <Typography component="h3" variant="h6" sx={{ fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      <Typography color="text.secondary">{text}</Typography>
    </Paper>
  );
}

/** Home: hero with the tagline, what the platform offers, and the published events (events module). */
export function Component() {
  const { t } = useTranslation();
  return (
    <>
      <Box
        component="section"
        aria-labelledby="home-hero-title"
        sx={{
          background: 'linear-gradient(135deg, #1f2a44 0%, #2f3d63 55%, #8a3a14 100%)',
          color: '#fff',
          py: { xs: 6, md: 10 },
        }}
      >
        <Container maxWidth="lg">
          <Typography id="home-hero-title" component="h1" sx={{ fontWeight: 800, fontSize: { xs: 36, sm: 48, md: 60 }, lineHeight: 1.1 }}>
            {t('shell.home.heroTitle')}
          </Typography>
          <Typography sx={{ mt: 2, maxWidth: 640, fontSize: { xs: 17, md: 20 }, opacity: 0.95 }}>{t('shell.home.heroText')}</Typography>
          <Box sx={{ mt: 4, display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <Button component={RouterLink} to="/module" variant="contained" size="large">
              {t('shell.home.create')}
            </Button>
            <Button component="a" href="#eventos-publicados" variant="outlined" size="large" sx={{ color: '#fff', borderColor: 'rgba(255,255,255,0.7)' }}>
              {t('shell.home.explore')}
            </Button>
          </Box>
        </Container>
      </Box>
      <Container maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', [layout.stack]: { flexDirection: 'column' } }}>
          <Feature icon={<ConfirmationNumberIcon />} title={t('shell.home.featureTickets')} text={t('shell.home.featureTicketsText')} />
          <Feature icon={<HowToRegIcon />} title={t('shell.home.featureRegistration')} text={t('shell.home.featureRegistrationText')} />
          <Feature icon={<HandshakeIcon />} title={t('shell.home.featureMeetings')} text={t('shell.home.featureMeetingsText')} />
        </Box>
        <Box component="section" id="eventos-publicados" aria-labelledby="home-events-title" sx={{ mt: { xs: 5, md: 7 }, scrollMarginTop: 80 }}>
          <Typography id="home-events-title" component="h2" variant="h4" sx={{ fontWeight: 800, mb: 3, fontSize: { xs: 26, md: 32 } }}>
            {t('shell.home.published')}
          </Typography>
          <HomeEventsSlot />
        </Box>
      </Container>
    </>
  );
}
