import type { Notification } from '@contracts/notifications';
import { NOTIFICATION_SNACKBAR_TIMEOUT_MS, NOTIFICATION_SOCKET_EVENT } from '@contracts/notifications';
import CloseIcon from '@mui/icons-material/Close';
import NotificationsIcon from '@mui/icons-material/NotificationsNone';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Popover from '@mui/material/Popover';
import Snackbar from '@mui/material/Snackbar';
import SnackbarContent from '@mui/material/SnackbarContent';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from '../../i18n';
import { Link as RouterLink } from 'react-router-dom';
import { connectSocket, useSocket } from '../../app/socket';
import { useAppDispatch } from '../../app/store';
import { useCurrentUser } from '../accounts/api';
import { badgeText } from './format';
import { linkProps } from './links';
import { NotificationRow } from './NotificationRow';
import { notificationsApi, useMarkAllNotificationsReadMutation, useNotificationCountQuery } from './notificationsApi';
import { takeOwnAction } from '../../app/ownActions';

/** Spec 4 and 9: closing the menu resets everything after 300 ms (after the closing animation). */
const RESET_AFTER_CLOSE_MS = 300;


/**
 * The notifications bell of the top bar: unread badge ('9+' from 10), a menu that loads 10 at a time (each
 * page shown is then marked read with PUT notification/read), and a grey snackbar for 120 s when a
 * `notification` event arrives.
 */
export function NotificationsMenuSlot() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const me = useCurrentUser();
  const socket = useSocket();
  const count = useNotificationCountQuery(undefined, { skip: !me });
  const unread = me ? (count.data ?? 0) : 0;

  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [items, setItems] = useState<Notification[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [snack, setSnack] = useState<Notification | null>(null);
  const loadingRef = useRef(false);
  /** Bumped on close: a page answering after the menu closed is ignored. */
  const generation = useRef(0);
  const resetTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const setCount = useCallback(
    (n: number | ((c: number) => number)) =>
      dispatch(notificationsApi.util.upsertQueryData('notificationCount', undefined, typeof n === 'number' ? n : n(count.data ?? 0))),
    [dispatch, count.data],
  );

  const meId = me?._id;
  useEffect(() => {
    if (meId) void connectSocket();
    // Nothing of another session's notifications stays on screen.
    setSnack(null);
    setItems([]);
    setAnchor(null);
  }, [meId]);

  // The `notification` socket event: badge +1 and the grey snackbar; a reconnect re-reads the count.
  useEffect(() => {
    if (!socket || !me) return;
    const onNotification = (n: Notification) => {
      dispatch(notificationsApi.util.updateQueryData('notificationCount', undefined, (c) => c + (n.unread ? 1 : 0)));
      // Not about what this tab just did and confirmed itself (src/app/ownActions.ts): the bell still counts it.
      if (!takeOwnAction(n.typeNotification, n.url)) setSnack(n);
    };
    const onConnect = () => dispatch(notificationsApi.util.invalidateTags(['Notification']));
    socket.on(NOTIFICATION_SOCKET_EVENT, onNotification);
    socket.on('connect', onConnect);
    return () => {
      socket.off(NOTIFICATION_SOCKET_EVENT, onNotification);
      socket.off('connect', onConnect);
    };
  }, [socket, me, dispatch]);

  const load = useCallback(
    async (skip: number) => {
      if (loadingRef.current) return;
      loadingRef.current = true;
      setLoading(true);
      const gen = generation.current;
      const r = await dispatch(notificationsApi.endpoints.notificationPage.initiate({ skip }, { subscribe: false, forceRefetch: true }));
      loadingRef.current = false;
      if (gen !== generation.current) return;
      setLoading(false);
      if (!r.data) {
        // Spec 8: a failed load shows an empty list and zero.
        setItems([]);
        setTotal(0);
        setCount(0);
        return;
      }
      const page = r.data;
      setItems((old) => {
        const seen = new Set(old.map((n) => n._id));
        return [...old, ...page.data.filter((n) => !seen.has(n._id))];
      });
      setTotal(page.docs);
      setCount(page.notificationCountUnRead);
      // The page is on screen: mark its unread ones read (they stay highlighted in this opening of the menu).
      const unreadIds = page.data.filter((n) => n.unread).map((n) => n._id);
      if (unreadIds.length === 0) return;
      const marked = await dispatch(notificationsApi.endpoints.markNotificationsRead.initiate({ ids: unreadIds }));
      if (marked.data && gen === generation.current) setCount(marked.data.notificationCountUnRead);
    },
    [dispatch, setCount],
  );

  // "Marcar todas como leídas": one command for every unread one, also those beyond the pages loaded.
  const [markAllRead, { isLoading: markingAll }] = useMarkAllNotificationsReadMutation();
  const markAll = async () => {
    const r = await markAllRead();
    if (!r.data) return;
    setCount(r.data.notificationCountUnRead);
    setItems((old) => old.map((n) => (n.unread ? { ...n, unread: false } : n)));
  };

  const open = (e: MouseEvent<HTMLElement>) => {
    clearTimeout(resetTimer.current);
    generation.current += 1;
    loadingRef.current = false;
    setItems([]);
    setTotal(0);
    setAnchor(e.currentTarget);
    void load(0);
  };
  const close = () => {
    setAnchor(null);
    generation.current += 1;
    clearTimeout(resetTimer.current);
    resetTimer.current = setTimeout(() => {
      setItems([]);
      setTotal(0);
      setLoading(false);
      loadingRef.current = false;
    }, RESET_AFTER_CLOSE_MS);
  };
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  const onScroll = (e: React.UIEvent<HTMLElement>) => {
    const el = e.currentTarget;
    if (el.scrollHeight - el.scrollTop - el.clientHeight < 40 && items.length < total && !loadingRef.current) void load(items.length);
  };

  if (!me) return null;

  return (
    <>
      <Tooltip title={t('notifications.title')}>
        <IconButton
          color="inherit"
          onClick={open}
          aria-label={unread ? t('notifications.openUnread', { count: unread }) : t('notifications.open')}
          aria-haspopup="true"
          aria-expanded={anchor ? 'true' : undefined}
          data-testid="notifications-button"
        >
          {/* The count is in the button's label; the visible badge is hidden from assistive tech so name and content match. */}
          <Badge badgeContent={unread === 0 ? null : badgeText(unread)} color="error" invisible={unread === 0} data-testid="notifications-badge" slotProps={{ badge: { 'aria-hidden': true } }}>
            <NotificationsIcon />
          </Badge>
        </IconButton>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { width: { xs: 'calc(100vw - 16px)', sm: 380 }, mt: 1 } } }}
      >
        <Box sx={{ px: 2, py: 1.5, display: 'flex', alignItems: 'center' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flex: 1 }}>
            {t('notifications.title')}
          </Typography>
          {unread > 0 && (
            <Button size="small" onClick={() => void markAll()} disabled={markingAll} data-testid="notifications-mark-all">
              {t('notifications.markAll')}
            </Button>
          )}
        </Box>
        <Divider />
        <Box sx={{ maxHeight: 420, overflowY: 'auto' }} onScroll={onScroll} data-testid="notifications-list">
          {items.length === 0 && !loading ? (
            <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 4, textAlign: 'center' }}>
              {t('notifications.empty')}
            </Typography>
          ) : (
            <List disablePadding>
              {items.map((n) => (
                <NotificationRow key={n._id} n={n} onClick={close} testId="notification-item" dense />
              ))}
            </List>
          )}
          {loading && (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
              <CircularProgress size={22} aria-label={t('notifications.loading')} />
            </Box>
          )}
        </Box>
        <Divider />
        <Button component={RouterLink} to="/notifications" onClick={close} fullWidth sx={{ borderRadius: 0, py: 1 }} data-testid="notifications-see-all">
          {t('notifications.seeAll')}
        </Button>
      </Popover>
      <Snackbar
        key={snack?._id}
        open={!!snack}
        autoHideDuration={NOTIFICATION_SNACKBAR_TIMEOUT_MS}
        onClose={(_e, reason) => reason !== 'clickaway' && setSnack(null)}
        // Top right, under the app bar: the shell's own snackbar (e.g. "¡Enhorabuena! Tu evento se ha publicado")
        // takes the bottom, and both may show at once.
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        sx={{ top: { xs: 72, sm: 80 } }}
      >
        <SnackbarContent
          data-testid="notification-snackbar"
          sx={{ bgcolor: 'grey.800', color: 'common.white' }}
          message={snack?.detail.message}
          action={
            <>
              {snack?.url && (
                <Button size="small" {...linkProps(snack.url)} onClick={() => setSnack(null)} sx={{ color: '#ffb38f' }}>
                  {t('notifications.view')}
                </Button>
              )}
              <IconButton size="small" aria-label={t('notifications.close')} color="inherit" onClick={() => setSnack(null)}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </>
          }
        />
      </Snackbar>
    </>
  );
}
