import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../i18n';
import { Link as RouterLink } from 'react-router-dom';
import { layout } from '../app/theme';

const linkSx = { color: '#b8460f', fontSize: 14, textDecoration: 'underline', textUnderlineOffset: 3 } as const;

/** Footer: the current year and the tagline (spec section 1), plus the legal pages. */
export function Footer() {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <Box
      component="footer"
      sx={{
        mt: 'auto',
        px: 3,
        py: 2.5,
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'center',
        justifyContent: 'space-between',
        [layout.stack]: { flexDirection: 'column', textAlign: 'center' },
      }}
    >
      <Typography variant="body2" color="text.secondary" data-testid="footer-text">
        {t('shell.footer.rights', { year })}
      </Typography>
      <Box component="nav" aria-label={t('shell.footer.nav')} sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', justifyContent: 'center' }}>
        <Box component={RouterLink} to="/confidentialityPolicy" sx={linkSx}>
          {t('shell.footer.privacy')}
        </Box>
        <Box component={RouterLink} to="/generalConditionsUtilization" sx={linkSx}>
          {t('shell.footer.terms')}
        </Box>
      </Box>
    </Box>
  );
}
