import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { messageOf } from '../../api/http';
import type { ChatListMeta, ChatUpdate } from '../../api/socket';
import { createAppAsyncThunk } from '../../app/hooks';
import { logout } from '../session';
import type { ChatItem, ChatMessage, ChatPerson } from './types';

import type { RequestStatus } from '../../api/requestStatus';

interface ChatState {
  chats: ChatItem[];
  /** True when the user opened these chats (patients): rows then show the receiver, else the sender. */
  isSender: boolean;
  status: RequestStatus;
  error: string | null;
  selectedId: string | null;
  /** The selected chat's messages, oldest first: the newest page and any older pages loaded since. */
  messages: ChatMessage[];
  messagesStatus: RequestStatus;
  /** Older messages exist before the first one shown. */
  hasOlder: boolean;
  /** An older page was asked for and has not arrived yet. */
  olderLoading: boolean;
  online: Record<string, boolean>;
  connected: boolean;
  /** True once a connection was lost: the page then says it is reconnecting until it is back. */
  wasConnected: boolean;
  /** The last problem the socket reported (a refused message, for instance). */
  socketError: string | null;
}

const initialState: ChatState = {
  chats: [],
  isSender: false,
  status: 'idle',
  error: null,
  selectedId: null,
  messages: [],
  messagesStatus: 'idle',
  hasOlder: false,
  olderLoading: false,
  online: {},
  connected: false,
  wasConnected: false,
  socketError: null,
};

export const fetchChats = createAppAsyncThunk('chat/fetchChats', async (_: void, { extra, rejectWithValue }) => {
  try {
    const { data } = await extra.http.get<{ sender?: unknown; chats?: unknown }>('chat');
    return { isSender: data.sender === true, chats: Array.isArray(data.chats) ? (data.chats as ChatItem[]) : [] };
  } catch (error) {
    return rejectWithValue(messageOf(error));
  }
});

const newestFirst = (a: ChatItem, b: ChatItem) => b.updated_at.localeCompare(a.updated_at);

export const chatSlice = createSlice({
  name: 'chat',
  initialState,
  reducers: {
    chatSelected(state, { payload }: PayloadAction<string | null>) {
      if (state.selectedId === payload) return;
      state.selectedId = payload;
      state.messages = [];
      state.messagesStatus = payload ? 'loading' : 'idle';
      state.hasOlder = false;
      state.olderLoading = false;
      state.socketError = null;
      const chat = state.chats.find((c) => c._id === payload);
      if (chat) chat.unread = 0;
    },
    /**
     * Messages of a chat: a newest page replaces the list, an older page goes before it, and new
     * messages are added at the end (once: the same message may arrive on a reload of the page too).
     */
    messagesReceived(state, { payload }: PayloadAction<{ list: ChatMessage[]; chatId?: string; kind?: ChatListMeta['kind']; hasMore?: boolean }>) {
      const chatId = payload.chatId ?? state.selectedId;
      // A list for another chat (one that arrived after switching) never replaces the one on screen.
      if (!chatId || chatId !== state.selectedId) return;
      const kind = payload.kind ?? 'latest';
      const shown = new Set(state.messages.map((m) => m._id).filter(Boolean));
      const fresh = payload.list.filter((m) => !m._id || !shown.has(m._id));
      if (kind === 'older') {
        state.messages = [...fresh, ...state.messages];
        state.hasOlder = payload.hasMore === true;
        state.olderLoading = false;
        return;
      }
      if (kind === 'new') {
        state.messages.push(...fresh);
      } else {
        state.messages = payload.list;
        state.hasOlder = payload.hasMore === true;
        state.olderLoading = false;
      }
      state.messagesStatus = 'succeeded';
      const chat = state.chats.find((c) => c._id === chatId);
      const last = state.messages[state.messages.length - 1];
      if (chat) {
        chat.unread = 0;
        // Sockets viewing a chat get its messages instead of a `chatUpdated`: the row moves with them.
        if (last) {
          chat.lastMessage = last.content;
          if (last.created_at > chat.updated_at) chat.updated_at = last.created_at;
          state.chats.sort(newestFirst);
        }
      }
    },
    olderMessagesRequested(state) {
      state.olderLoading = true;
    },
    onlineListReceived(state, { payload }: PayloadAction<Record<string, boolean>>) {
      state.online = payload;
    },
    chatUpdated(state, { payload }: PayloadAction<{ update: ChatUpdate; selfId: string | null }>) {
      const { update, selfId } = payload;
      const chat = state.chats.find((c) => c._id === update.chatId);
      if (!chat) return;
      chat.lastMessage = update.lastMessage;
      chat.updated_at = update.updated_at;
      if (update.from !== selfId && update.chatId !== state.selectedId) chat.unread = (chat.unread ?? 0) + 1;
      state.chats.sort(newestFirst);
    },
    connectionChanged(state, { payload }: PayloadAction<boolean>) {
      if (!payload && state.connected) state.wasConnected = true;
      state.connected = payload;
      // Without a connection nobody's presence is known; the next online list fills it again.
      if (!payload) state.online = {};
    },
    socketErrorReceived(state, { payload }: PayloadAction<string>) {
      state.socketError = payload;
      // A refused request for older messages may be asked again.
      state.olderLoading = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(fetchChats.pending, (state) => {
        state.status = 'loading';
        state.error = null;
      })
      .addCase(fetchChats.fulfilled, (state, { payload }) => {
        state.status = 'succeeded';
        state.isSender = payload.isSender;
        state.chats = payload.chats;
        const open = state.chats.find((c) => c._id === state.selectedId);
        if (open) open.unread = 0;
      })
      .addCase(fetchChats.rejected, (state, { payload }) => {
        state.status = 'failed';
        state.error = payload ?? 'The conversations could not be loaded';
      })
      .addCase(logout.fulfilled, () => initialState);
  },
  selectors: {
    selectChats: (state) => state.chats,
    selectChatStatus: (state) => state.status,
    selectChatError: (state) => state.error,
    selectIsSender: (state) => state.isSender,
    selectSelectedChatId: (state) => state.selectedId,
    selectMessages: (state) => state.messages,
    selectMessagesStatus: (state) => state.messagesStatus,
    selectHasOlder: (state) => state.hasOlder,
    selectOlderLoading: (state) => state.olderLoading,
    selectOnline: (state) => state.online,
    selectSocketError: (state) => state.socketError,
    /** The connection dropped and is not back yet. */
    selectReconnecting: (state) => state.wasConnected && !state.connected,
    /** How many conversations hold messages the user has not read. */
    selectUnreadChats: (state) => state.chats.filter((c) => (c.unread ?? 0) > 0).length,
  },
});

export const { chatSelected, messagesReceived, olderMessagesRequested, onlineListReceived, chatUpdated, connectionChanged, socketErrorReceived } =
  chatSlice.actions;
export const {
  selectChats,
  selectChatStatus,
  selectChatError,
  selectIsSender,
  selectSelectedChatId,
  selectMessages,
  selectMessagesStatus,
  selectHasOlder,
  selectOlderLoading,
  selectOnline,
  selectSocketError,
  selectReconnecting,
  selectUnreadChats,
} = chatSlice.selectors;

/** The person on the other side of a chat, as the list and header show them (by id when known, else by the `sender` flag). */
export function otherParty(chat: ChatItem, isSender: boolean, userId: string | null): ChatPerson {
  if (userId && chat.sender._id === userId) return chat.receiver;
  if (userId && chat.receiver._id === userId) return chat.sender;
  return isSender ? chat.receiver : chat.sender;
}
