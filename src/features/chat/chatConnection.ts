import { useEffect } from 'react';
import type { ChatSocketService } from '../../api/socket';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { i18n } from '../../i18n';
import type { AppDispatch } from '../../app/store';
import { notificationPushed } from '../notifications';
import { selectToken, selectUserId } from '../session';
import { chatUpdated, connectionChanged, fetchChats, messagesReceived, onlineListReceived, socketErrorReceived } from './chatSlice';

let loading: Promise<ChatSocketService> | null = null;

/** Loads the socket service on first use only (socket.io-client stays out of pages that never chat). */
export function loadChatSocket(): Promise<ChatSocketService> {
  loading ??= import('../../api/socket').then((m) => m.chatSocket);
  loading.catch(() => {
    // A failed download (offline) is tried again next time.
    loading = null;
  });
  return loading;
}

/** Starts the one connection for this token; what arrives goes into the chat slice. */
export async function startChat(dispatch: AppDispatch, token: string, selfId: string | null): Promise<ChatSocketService> {
  const service = await loadChatSocket();
  await service.start(token, {
    messages: (list, chatId, meta) => dispatch(messagesReceived({ list, chatId, kind: meta?.kind, hasMore: meta?.hasMore })),
    onlineList: (list) => dispatch(onlineListReceived(list)),
    chatUpdated: (update) => {
      dispatch(chatUpdated({ update, selfId }));
      // A conversation opened after the list was loaded (a new reservation) appears at once.
      dispatch((_, getState) => {
        if (!getState().chat.chats.some((c) => c._id === update.chatId)) void dispatch(fetchChats());
      });
    },
    // The same connection carries the bell's notifications.
    notification: (notification) => dispatch(notificationPushed(notification)),
    error: (message) => dispatch(socketErrorReceived(message)),
    connection: (connected) => dispatch(connectionChanged(connected)),
  });
  return service;
}

/**
 * Keeps the chat connection open while someone is signed in (the navbar badge lives as long as
 * the session does) and closes it, going offline, when they log out.
 */
export function useChatConnection({ owner }: { owner: boolean }) {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const userId = useAppSelector(selectUserId);
  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    void startChat(dispatch, token, userId).catch(() => {
      if (!cancelled) dispatch(socketErrorReceived(i18n.t('chatLink.cannotConnect', { ns: 'common' })));
    });
    return () => {
      cancelled = true;
      if (owner) void loadChatSocket().then((service) => service.stop());
    };
  }, [dispatch, token, userId, owner]);
}
