import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { apiErrorBody, apiErrorMessage } from '../../app/api';
import { AuthCard } from '../../components/AuthCard';
import { useNotify } from '../../components/notify';

type State = { kind: 'running' } | { kind: 'done' } | { kind: 'failed'; message: string };

/**
 * Runs a one-shot e-mail link action (verify, confirm) once on mount. StrictMode mounts twice in
 * development; the ref keeps the token from being spent twice.
 */
export function TokenAction({ run, running, done, failed, after }: { run: () => Promise<unknown>; running: string; done: string; failed: string; after: ReactNode }) {
  const [state, setState] = useState<State>({ kind: 'running' });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run().then(
      () => setState({ kind: 'done' }),
      // A link whose token is not even well formed fails validation (400 with field errors, whose generic text
      // says nothing about links): it is just an invalid link, so the page's own text says so.
      (error) => setState({ kind: 'failed', message: apiErrorBody(error)?.errors?.length ? failed : apiErrorMessage(error, failed) }),
    );
  }, [run, failed]);
  if (state.kind === 'running') {
    return (
      <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <CircularProgress size={24} aria-hidden />
        <Typography>{running}</Typography>
      </Box>
    );
  }
  return (
    <>
      <Alert severity={state.kind === 'done' ? 'success' : 'error'} role="status" data-testid="token-result">
        {state.kind === 'done' ? done : state.message}
      </Alert>
      <Box sx={{ mt: 3 }}>{after}</Box>
    </>
  );
}

/**
 * The page of an e-mailed link: runs `action` (an RTK mutation trigger) once with the route's :token, inside an
 * AuthCard titled `title`. Without a token it shows `children` instead (a hint, or a way to ask for a new link).
 */
export function TokenPage({
  title,
  action,
  children,
  ...texts
}: {
  title: string;
  action: (token: string) => { unwrap(): Promise<unknown> };
  running: string;
  done: string;
  failed: string;
  after: ReactNode;
  children?: ReactNode;
}) {
  const { token } = useParams();
  const run = useCallback(() => action(token!).unwrap(), [action, token]);
  return <AuthCard title={title}>{token ? <TokenAction run={run} {...texts} /> : children}</AuthCard>;
}

/** What follows a link action: home for a signed-in user, else sign-in. */
export function HomeOrSignInButton({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <Button component={RouterLink} to={signedIn ? '/' : '/auth/sign-in'} variant="contained" fullWidth>
      {signedIn ? t('common.goHome') : t('auth.verify.signIn')}
    </Button>
  );
}

/** The success line of an account page (link sent, password set, account deleted), optionally with a way home. */
export function DoneNotice({ text, goHome = false }: { text: string; goHome?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert severity="success" role="status">
        {text}
      </Alert>
      {goHome && (
        <Button component={RouterLink} to="/" variant="contained" fullWidth sx={{ mt: 3 }}>
          {t('common.goHome')}
        </Button>
      )}
    </>
  );
}

/**
 * A destructive account action taken by one explicit click (never on load: mail scanners open links), then
 * replaced by its success notice. A failure is said in a snackbar (the server's text, else `failed`) and the
 * button stays for another try.
 */
export function ClickAction({
  run,
  label,
  failed,
  done,
  goHome,
  onDone,
}: {
  run: () => Promise<unknown>;
  label: string;
  failed: string;
  done: string;
  goHome?: boolean;
  onDone?: () => void;
}) {
  const { notifyError } = useNotify();
  const [state, setState] = useState<'idle' | 'running' | 'done'>('idle');
  if (state === 'done') return <DoneNotice text={done} goHome={goHome} />;
  return (
    <Button
      variant="contained"
      color="error"
      fullWidth
      size="large"
      disabled={state === 'running'}
      onClick={() => {
        setState('running');
        run().then(
          () => {
            onDone?.();
            setState('done');
          },
          (e) => {
            setState('idle');
            notifyError(e, failed);
          },
        );
      }}
    >
      {label}
    </Button>
  );
}
