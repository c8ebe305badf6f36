import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumberOutlined';
import HandshakeIcon from '@mui/icons-material/HandshakeOutlined';
import HowToRegIcon from '@mui/icons-material/HowToRegOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n';
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

/** Decorative ticket (wide screens only): what an attendee receives, in the product's colours. */
function HeroTicket() {
  const { t } = useTranslation();
  return (
    <Box aria-hidden sx={{ display: 'none', [layout.wide]: { display: 'block' }, position: 'relative', width: 320, flexShrink: 0, mr: 3 }}>
      <Box sx={{ position: 'absolute', inset: '20px -28px -16px 28px', borderRadius: 4, bgcolor: 'rgba(255,255,255,0.12)', transform: 'rotate(8deg)' }} />
      <Box
        sx={{
          position: 'relative',
          borderRadius: 4,
          bgcolor: '#fff',
          color: '#1f2a44',
          boxShadow: '0 24px 48px rgba(0,0,0,0.35)',
          transform: 'rotate(-4deg)',
          display: 'flex',
          flexDirection: 'column',
          overflow: 'hidden',
        }}
      >
        <Box sx={{ bgcolor: '#c4501a', color: '#fff', px: 3, py: 2 }}>
          <Typography sx={{ fontSize: 12, fontWeight: 700, letterSpacing: 1.2, textTransform: 'uppercase' }}>{t('shell.home.ticketKind')}</Typography>
          <Typography sx={{ fontSize: 20, fontWeight: 800, lineHeight: 1.2 }}>{t('shell.home.ticketEvent')}</Typography>
        </Box>
        <Box sx={{ px: 3, py: 2, display: 'flex', gap: 2, alignItems: 'center', flex: 1 }}>
          <Box sx={{ flex: 1 }}>
            <Typography sx={{ fontSize: 13, color: '#4a5470' }}>{t('shell.home.ticketDate')}</Typography>
            <Typography sx={{ fontSize: 13, color: '#4a5470' }}>{t('shell.home.ticketPlace')}</Typography>
            <Typography sx={{ mt: 1.5, fontSize: 24, fontWeight: 800 }}>S/. 45.00</Typography>
          </Box>
          <Box
            sx={{
              width: 84,
              height: 84,
              borderRadius: 1,
              backgroundColor: '#1f2a44',
              backgroundImage:
                'linear-gradient(90deg, #fff 50%, transparent 50%), linear-gradient(#fff 50%, transparent 50%)',
              backgroundSize: '14px 14px, 14px 14px',
              backgroundBlendMode: 'difference',
              border: '6px solid #1f2a44',
            }}
          />
        </Box>
        <Box sx={{ borderTop: '2px dashed #d5d9e2', px: 3, py: 1.5, fontSize: 13, fontWeight: 600, color: '#4a5470' }}>{t('shell.home.ticketHolder')}</Box>
      </Box>
    </Box>
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
        <Container maxWidth="lg" sx={{ display: 'flex', alignItems: 'center', gap: 6, justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
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
          </Box>
          <HeroTicket />
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
