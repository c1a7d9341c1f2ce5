import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ChatIcon } from '../../ui/icons';
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
      <span className="visually-hidden"> {unreadWords(unread)}</span>
    </span>
  );
}

const unreadWords = (count: number) => `${count === 1 ? 'conversation' : 'conversations'} with unread messages`;

/** The navbar's chat icon, named with its count like the cart's ("Chat, 1 conversation with unread messages"). */
export function ChatLink() {
  const unread = useAppSelector(selectUnreadChats);
  return (
    <Link to="/chat" className="icon-link-btn" aria-label={unread > 0 ? `Chat, ${unread} ${unreadWords(unread)}` : 'Chat'}>
      <ChatIcon />
      <ChatBadge />
    </Link>
  );
}
