import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Centered card for the account pages: logo, title, optional subtitle, content. */
export function AuthCard({ title, subtitle, children, maxWidth = 440 }: { title: string; subtitle?: ReactNode; children: ReactNode; maxWidth?: number }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 3, sm: 6 } }}>
      <Paper component="section" aria-labelledby="auth-title" elevation={0} variant="outlined" sx={{ width: '100%', maxWidth, p: { xs: 3, sm: 4 }, borderRadius: 3 }}>
        <Box component="img" src="/favicon.svg" alt="" sx={{ width: 44, height: 44, display: 'block', mb: 2 }} />
        <Typography id="auth-title" component="h1" variant="h5" sx={{ fontWeight: 800 }}>
          {title}
        </Typography>
        {subtitle && (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {subtitle}
          </Typography>
        )}
        <Box sx={{ mt: 3 }}>{children}</Box>
      </Paper>
    </Box>
  );
}
