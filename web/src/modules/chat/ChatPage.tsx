import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useEffect } from 'react';
import { useBlocker, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { useNotify } from '../../components/notify';
import { useTranslation } from '../../i18n';
import { useCurrentUser } from '../accounts/api';
import { chatApi, useLazyChatRoomQuery } from './chatApi';
import { selectChat, selectUser, setDraft, setPageOpen } from './chatSlice';
import { ChatView } from './components/ChatView';
import { ConfirmDiscardDialog } from './components/ConfirmDiscardDialog';

/** /chat: the same chat full-screen (contact list beside the conversation). */
export default function ChatPage() {
  const dispatch = useAppDispatch();
  const me = useCurrentUser();
  const chat = useAppSelector(selectChat);
  const roomId = chat.openRoom?.roomId;
  const hasDraft = !!(roomId && chat.drafts[roomId]?.trim());
  // Spec 5: leaving the chat with unsent text asks first.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => hasDraft && currentLocation.pathname !== nextLocation.pathname);

  // /chat?user=<id> (e.g. the event team writing to an attendee from the store's pages): opens the individual room,
  // which the server allows or refuses by the contact rules, then shows it; the parameter is dropped either way.
  const { t } = useTranslation();
  const { notifyError } = useNotify();
  const [params, setParams] = useSearchParams();
  const target = params.get('user');
  const [openRoom] = useLazyChatRoomQuery();
  useEffect(() => {
    if (!target || !me || target === me._id) return;
    openRoom(target)
      .unwrap()
      .then(() => {
        // A new room makes its other member a contact: the list is read again, then the conversation opens.
        dispatch(chatApi.util.invalidateTags(['ChatRoom']));
        dispatch(selectUser(target));
      })
      .catch((err: unknown) => notifyError(err, t('chat.openFailed')))
      .finally(() => setParams({}, { replace: true }));
  }, [target, me, openRoom, dispatch, notifyError, setParams, t]);

  useEffect(() => {
    dispatch(setPageOpen(true));
    return () => {
      dispatch(setPageOpen(false));
    };
  }, [dispatch]);
  if (!me) return null;
  return (
    <Box sx={{ p: { xs: 0, md: 2 }, height: { xs: 'calc(100vh - 56px)', md: 'calc(100vh - 64px)' }, boxSizing: 'border-box' }}>
      <Paper variant="outlined" sx={{ height: '100%', overflow: 'hidden', display: 'flex', flexDirection: 'column', borderRadius: { xs: 0, md: 2 } }}>
        <ChatView me={me} variant="page" />
      </Paper>
      <ConfirmDiscardDialog
        open={blocker.state === 'blocked'}
        onCancel={() => blocker.reset?.()}
        onAccept={() => {
          if (roomId) dispatch(setDraft({ roomId, text: '' }));
          blocker.proceed?.();
        }}
      />
    </Box>
  );
}
