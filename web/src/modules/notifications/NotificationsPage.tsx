import type { Notification } from '@contracts/notifications';
import { NOTIFICATION_SOCKET_EVENT } from '@contracts/notifications';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import List from '@mui/material/List';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSocket } from '../../app/socket';
import { useAppDispatch } from '../../app/store';
import { useNotify } from '../../components/notify';
import { useTranslation } from '../../i18n';
import { NotificationRow } from './NotificationRow';
import { notificationsApi, useMarkAllNotificationsReadMutation, useNotificationCountQuery } from './notificationsApi';

/**
 * /notifications: the whole history, newest first, 10 at a time with "Cargar más". Unlike the menu, showing a
 * page marks nothing: an item is marked read when opened, all of them with "Marcar todas como leídas".
 */
export function Component() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const socket = useSocket();
  const { notifyError } = useNotify();
  const count = useNotificationCountQuery();
  const unread = count.data ?? 0;
  const [items, setItems] = useState<Notification[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const loadingRef = useRef(false);
  const [markAllRead, { isLoading: markingAll }] = useMarkAllNotificationsReadMutation();

  const setCount = useCallback((n: number) => dispatch(notificationsApi.util.upsertQueryData('notificationCount', undefined, n)), [dispatch]);

  const load = useCallback(
    async (skip: number) => {
      if (loadingRef.current) return;
      loadingRef.current = true;
      setLoading(true);
      const r = await dispatch(notificationsApi.endpoints.notificationPage.initiate({ skip }, { subscribe: false, forceRefetch: true }));
      loadingRef.current = false;
      setLoading(false);
      // Spec 8: a failed load shows an empty list.
      if (!r.data) return;
      const page = r.data;
      setItems((old) => {
        const seen = new Set(old.map((n) => n._id));
        return [...old, ...page.data.filter((n) => !seen.has(n._id))];
      });
      setTotal(page.docs);
      setCount(page.notificationCountUnRead);
    },
    [dispatch, setCount],
  );
  useEffect(() => {
    void load(0);
  }, [load]);

  // A pushed notification goes on top (a refreshed chat notification keeps its id: it moves up).
  // The count is decided outside the items' updater: React may run an updater twice (StrictMode).
  const itemsRef = useRef(items);
  itemsRef.current = items;
  useEffect(() => {
    if (!socket) return;
    const onNotification = (n: Notification) => {
      if (!itemsRef.current.some((o) => o._id === n._id)) setTotal((c) => c + 1);
      setItems((old) => [n, ...old.filter((o) => o._id !== n._id)]);
    };
    socket.on(NOTIFICATION_SOCKET_EVENT, onNotification);
    return () => {
      socket.off(NOTIFICATION_SOCKET_EVENT, onNotification);
    };
  }, [socket]);

  const markAll = async () => {
    const r = await markAllRead();
    if (!r.data) {
      notifyError(r.error, t('notifications.markAllFailed'));
      return;
    }
    setCount(r.data.notificationCountUnRead);
    setItems((old) => old.map((n) => (n.unread ? { ...n, unread: false } : n)));
  };

  // Opening an unread one marks it read (fire and forget: the navigation does not wait for it).
  const opened = (n: Notification) => {
    if (!n.unread) return;
    setItems((old) => old.map((o) => (o._id === n._id ? { ...o, unread: false } : o)));
    void dispatch(notificationsApi.endpoints.markNotificationsRead.initiate({ ids: [n._id] })).then((r) => {
      if (r.data) setCount(r.data.notificationCountUnRead);
    });
  };

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, md: 5 } }}>
      <Box sx={{ display: 'flex', alignItems: { xs: 'flex-start', sm: 'center' }, flexDirection: { xs: 'column', sm: 'row' }, gap: 1.5, mb: 3 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography component="h1" variant="h4" sx={{ fontWeight: 800, fontSize: { xs: 24, md: 32 } }}>
            {t('notifications.title')}
          </Typography>
          <Typography color="text.secondary">{t('notifications.history.subtitle')}</Typography>
        </Box>
        <Button variant="outlined" startIcon={<DoneAllIcon />} onClick={() => void markAll()} disabled={unread === 0 || markingAll} data-testid="notifications-page-mark-all">
          {t('notifications.markAll')}
        </Button>
      </Box>
      <Paper variant="outlined">
        {items.length === 0 && !loading ? (
          <Typography color="text.secondary" sx={{ px: 2, py: 6, textAlign: 'center' }} data-testid="notifications-page-empty">
            {t('notifications.empty')}
          </Typography>
        ) : (
          <List disablePadding aria-label={t('notifications.history.listLabel')}>
            {items.map((n, i) => (
              <NotificationRow key={n._id} n={n} onClick={() => opened(n)} testId="notifications-page-item" divider={i < items.length - 1} />
            ))}
          </List>
        )}
        {loading && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
            <CircularProgress size={24} aria-label={t('notifications.loading')} />
          </Box>
        )}
      </Paper>
      {items.length > 0 && (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mt: 2 }}>
          <Typography variant="body2" color="text.secondary" data-testid="notifications-page-shown">
            {t('notifications.history.shown', { shown: items.length, count: total })}
          </Typography>
          {items.length < total && (
            <Button variant="contained" onClick={() => void load(items.length)} disabled={loading} data-testid="notifications-page-more">
              {t('notifications.history.loadMore')}
            </Button>
          )}
        </Box>
      )}
    </Container>
  );
}
