import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectToken } from '../session/sessionSlice';
import { useChatConnection } from './chatConnection';
import { fetchChats, selectChatStatus, selectUnreadChats } from './chatSlice';

/**
 * The count on the navbar's chat icon: how many conversations hold unread messages. It lives as
 * long as the session, so it also owns the chat connection (presence and live updates).
 */
export function ChatBadge() {
  const dispatch = useAppDispatch();
  const token = useAppSelector(selectToken);
  const status = useAppSelector(selectChatStatus);
  const unread = useAppSelector(selectUnreadChats);

  useChatConnection({ owner: true });

  useEffect(() => {
    if (token && status === 'idle') void dispatch(fetchChats());
  }, [dispatch, token, status]);

  if (unread === 0) return null;
  return (
    <span className="icon-badge" data-testid="chat-badge">
      {unread}
      <span className="visually-hidden"> conversations with unread messages</span>
    </span>
  );
}
