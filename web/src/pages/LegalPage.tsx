import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from '../i18n';

interface Section {
  title: string;
  paragraphs: string[];
}

/** A legal text of es.json (shell.legal.privacy / shell.legal.terms). */
export function LegalPage({ kind }: { kind: 'privacy' | 'terms' }) {
  const { t } = useTranslation();
  const sections = t(`shell.legal.${kind}`, { returnObjects: true }) as Section[];
  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 6 } }}>
      <Paper component="article" variant="outlined" sx={{ p: { xs: 2.5, md: 5 } }}>
        <Typography component="h1" variant="h4" sx={{ fontWeight: 800, fontSize: { xs: 26, md: 34 } }}>
          {t(`shell.legal.${kind}Title`)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('shell.legal.updated')}
        </Typography>
        <Typography sx={{ mt: 3 }}>{t(`shell.legal.${kind}Intro`)}</Typography>
        {sections.map((s) => (
          <section key={s.title}>
            <Typography component="h2" variant="h6" sx={{ mt: 4, mb: 1, fontWeight: 700 }}>
              {s.title}
            </Typography>
            {s.paragraphs.map((p) => (
              <Typography key={p} sx={{ mb: 1.5 }}>
                {p}
              </Typography>
            ))}
          </section>
        ))}
      </Paper>
    </Container>
  );
}
