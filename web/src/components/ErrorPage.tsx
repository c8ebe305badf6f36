import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from '../i18n';
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router-dom';
import { isChunkLoadError, reloadForStaleChunk } from '../app/chunkReload';

/** Statuses of the error catalogue (spec section 8); any other status is 'ERROR Z10'. */
export const CATALOGUE_STATUSES = [400, 401, 403, 404, 500, 503] as const;

export interface ErrorDescription {
  status: number;
  messagePublic?: string;
}

/** Statuses that are not a number default to 500 (spec section 8). */
export function normalizeStatus(status: unknown): number {
  const n = typeof status === 'string' ? Number(status) : status;
  return typeof n === 'number' && Number.isInteger(n) && n >= 100 && n <= 599 ? n : 500;
}

/** Reads the status and the server's public message from whatever a loader or a component threw. */
export function describeError(error: unknown): ErrorDescription {
  if (isRouteErrorResponse(error)) {
    const d = error.data as { messagePublic?: unknown } | string | undefined;
    const messagePublic = d && typeof d === 'object' && typeof d.messagePublic === 'string' ? d.messagePublic : undefined;
    return { status: normalizeStatus(error.status), messagePublic };
  }
  // RTK Query errors: { status, data: { status, message, messagePublic } }.
  const e = error as { status?: unknown; data?: { messagePublic?: unknown } } | undefined;
  if (e && typeof e === 'object' && 'status' in e) {
    const messagePublic = typeof e.data?.messagePublic === 'string' ? e.data.messagePublic : undefined;
    return { status: normalizeStatus(e.status), messagePublic };
  }
  return { status: 500 };
}

export interface ErrorViewProps extends ErrorDescription {
  /** Unmatched routes also show the English 'This page could not be found'. */
  notFoundRoute?: boolean;
}

/** The error page of the catalogue: title, message (the server's public one if given), button home. */
export function ErrorView({ status, messagePublic, notFoundRoute }: ErrorViewProps) {
  const { t } = useTranslation();
  const key = (CATALOGUE_STATUSES as readonly number[]).includes(status) ? String(status) : 'other';
  return (
    <Container component="section" maxWidth="sm" aria-labelledby="error-title" sx={{ py: { xs: 6, md: 10 }, textAlign: 'center' }}>
      <Typography aria-hidden sx={{ fontSize: { xs: 72, sm: 96 }, fontWeight: 800, lineHeight: 1, color: 'primary.dark' }}>
        {key === 'other' ? 'Z10' : status}
      </Typography>
      <Typography id="error-title" component="h1" variant="h4" data-testid="error-title" sx={{ mt: 2, fontWeight: 800, fontSize: { xs: 24, sm: 32 } }}>
        {t(`errors.${key}.title`)}
      </Typography>
      <Typography data-testid="error-message" sx={{ mt: 2, color: 'text.secondary' }}>
        {messagePublic || t(`errors.${key}.message`)}
      </Typography>
      {notFoundRoute && (
        <Typography lang="en" data-testid="error-not-found" sx={{ mt: 1, color: 'text.secondary' }}>
          {t('errors.notFoundEn')}
        </Typography>
      )}
      <Button component={RouterLink} to="/" variant="contained" size="large" sx={{ mt: 4 }}>
        {t('errors.goHome')}
      </Button>
    </Container>
  );
}

/** errorElement for routes: renders the catalogue page, or reloads once on a stale chunk after a deploy. */
export function ErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  const [reloading, setReloading] = useState(false);
  useEffect(() => {
    if (isChunkLoadError(error) && reloadForStaleChunk()) setReloading(true);
  }, [error]);
  if (reloading) {
    return (
      <Box role="status" sx={{ p: 6, textAlign: 'center' }}>
        {t('errors.reloading')}
      </Box>
    );
  }
  return <ErrorView {...describeError(error)} />;
}
