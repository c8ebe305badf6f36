import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/store';
import { useCurrentUser } from '../accounts/api';
import { selectChat, setDraft, setPageOpen } from './chatSlice';
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
