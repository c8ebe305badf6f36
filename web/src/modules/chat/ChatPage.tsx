import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import { useEffect } from 'react';
import { useAppDispatch } from '../../app/store';
import { useCurrentUser } from '../accounts/api';
import { setPageOpen } from './chatSlice';
import { ChatView } from './components/ChatView';

/** /chat: the same chat full-screen (contact list beside the conversation). */
export default function ChatPage() {
  const dispatch = useAppDispatch();
  const me = useCurrentUser();
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
    </Box>
  );
}
