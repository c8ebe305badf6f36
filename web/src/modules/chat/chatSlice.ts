import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { rootReducer, type RootState } from '../../app/store';

export type ChatFilter = 'connected' | 'disconnected';

/** The room being read, with the contact on the other side (userId is '' for a group room). */
export interface OpenRoom {
  roomId: string;
  userId: string;
}

/**
 * Client-side chat state shared by the side panel and the /chat page: which view is showing, which room is
 * open, the list filter, tab visibility and the connection flag (spec: socket disconnect sets internet false).
 */
export interface ChatUiState {
  panelOpen: boolean;
  pageOpen: boolean;
  /** The contact picked in the list (its room may still be loading). */
  selectedUser: string | null;
  /** The group room picked in the list (exclusive with selectedUser). */
  selectedGroup: string | null;
  openRoom: OpenRoom | null;
  filter: ChatFilter;
  tabVisible: boolean;
  internet: boolean;
  /** Unsent text per room (closing with text asks for confirmation). */
  drafts: Record<string, string>;
  /** The validation or send error shown for 3 s (spec section 5). */
  error: { id: number; text: string } | null;
  /** Who is typing in each group room: room id -> user id -> name (individual rooms flag the contact entry). */
  groupWriting: Record<string, Record<string, string>>;
}

const initialState: ChatUiState = {
  panelOpen: false,
  pageOpen: false,
  selectedUser: null,
  selectedGroup: null,
  openRoom: null,
  filter: 'connected',
  tabVisible: typeof document === 'undefined' ? true : document.visibilityState === 'visible',
  internet: typeof navigator === 'undefined' ? true : navigator.onLine,
  drafts: {},
  error: null,
  groupWriting: {},
};

let errorId = 1;

export const chatSlice = createSlice({
  name: 'chat',
  initialState,
  reducers: {
    /** Another user signed in (or out): nothing of the previous session's chat may remain (drafts!). */
    resetChat(state) {
      return { ...initialState, tabVisible: state.tabVisible, internet: state.internet };
    },
    setPanelOpen(state, action: PayloadAction<boolean>) {
      state.panelOpen = action.payload;
    },
    setPageOpen(state, action: PayloadAction<boolean>) {
      state.pageOpen = action.payload;
    },
    selectUser(state, action: PayloadAction<string | null>) {
      state.selectedUser = action.payload;
      state.selectedGroup = null;
      if (state.openRoom && state.openRoom.userId !== action.payload) state.openRoom = null;
    },
    selectGroup(state, action: PayloadAction<string | null>) {
      state.selectedGroup = action.payload;
      state.selectedUser = null;
      if (state.openRoom && state.openRoom.roomId !== action.payload) state.openRoom = null;
    },
    setOpenRoom(state, action: PayloadAction<OpenRoom | null>) {
      state.openRoom = action.payload;
    },
    setFilter(state, action: PayloadAction<ChatFilter>) {
      state.filter = action.payload;
    },
    setTabVisible(state, action: PayloadAction<boolean>) {
      state.tabVisible = action.payload;
    },
    setInternet(state, action: PayloadAction<boolean>) {
      state.internet = action.payload;
    },
    setDraft(state, action: PayloadAction<{ roomId: string; text: string }>) {
      if (action.payload.text) state.drafts[action.payload.roomId] = action.payload.text;
      else delete state.drafts[action.payload.roomId];
    },
    showChatError: {
      reducer(state, action: PayloadAction<{ id: number; text: string }>) {
        state.error = action.payload;
      },
      prepare(text: string) {
        return { payload: { id: errorId++, text } };
      },
    },
    hideChatError(state, action: PayloadAction<number>) {
      if (state.error?.id === action.payload) state.error = null;
    },
    setGroupWriting(state, action: PayloadAction<{ room: string; userId: string; name: string; writing: boolean }>) {
      const { room, userId, name, writing } = action.payload;
      const typists = (state.groupWriting[room] ??= {});
      if (writing) typists[userId] = name;
      else delete typists[userId];
      if (Object.keys(typists).length === 0) delete state.groupWriting[room];
    },
  },
  selectors: {
    selectChat: (state) => state,
    /** Spec: the chat is visible when it is showing (panel or page) and the browser tab is visible. */
    selectChatVisible: (state) => (state.panelOpen || state.pageOpen) && state.tabVisible,
  },
});

// Injected lazily so the store module does not import the chat.
const injected = chatSlice.injectInto(rootReducer);
type WithChat = Parameters<typeof injected.selectors.selectChat>[0];
export const selectChat = (state: RootState): ChatUiState => injected.selectors.selectChat(state as WithChat);
export const selectChatVisible = (state: RootState): boolean => injected.selectors.selectChatVisible(state as WithChat);
export const {
  resetChat,
  selectUser,
  selectGroup,
  setPanelOpen,
  setPageOpen,
  setOpenRoom,
  setFilter,
  setTabVisible,
  setInternet,
  setDraft,
  showChatError,
  hideChatError,
  setGroupWriting,
} = chatSlice.actions;

