import { api } from '../../../app/api';
import type { AppDispatch } from '../../../app/store';
import { selectUser, setPanelOpen } from '../../chat/chatSlice';

/**
 * Opens the chat side panel on the conversation with `userId`. The chat list is read again first: a help request
 * just taken opened the individual room that makes the two users contacts.
 */
export function openChatWith(dispatch: AppDispatch, userId: string) {
  dispatch(api.util.invalidateTags(['ChatRoom']));
  dispatch(selectUser(userId));
  dispatch(setPanelOpen(true));
}
