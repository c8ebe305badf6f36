import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { apiErrorBody, apiErrorStatus } from '../../../app/api';

/**
 * Saving with an expected version: a 409 means someone else saved first. `staleFrom(error)` keeps the server's
 * message and answers true for such an error (the caller stops there); `stale` is the message to show.
 */
export function useStaleVersion() {
  const [stale, setStale] = useState<string | null>(null);
  const staleFrom = (error: unknown): boolean => {
    const body = apiErrorBody(error);
    if (apiErrorStatus(error) !== 409 || !body) return false;
    setStale(body.messagePublic);
    return true;
  };
  return { stale, staleFrom };
}

/** The warning that the data changed elsewhere, with the button that reloads it. */
export function StaleAlert({ message, onReload, reloadLabel, testId }: { message: string | null; onReload: () => void; reloadLabel: string; testId: string }) {
  if (!message) return null;
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" onClick={onReload} data-testid={testId}>
          {reloadLabel}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
