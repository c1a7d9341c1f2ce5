import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useTranslation } from '../../i18n';
import { formatNumber } from '../../ui/clinicTime';
import { ChatIcon } from '../../ui/icons';
import { selectToken } from '../session';
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
  const { t } = useTranslation();

  useChatConnection({ owner: true });

  useEffect(() => {
    if (token && status === 'idle') void dispatch(fetchChats());
  }, [dispatch, token, status]);

  if (unread === 0) return null;
  return (
    <span className="icon-badge" data-testid="chat-badge">
      {formatNumber(unread)}
      <span className="visually-hidden"> {t('chatLink.unread', { count: unread })}</span>
    </span>
  );
}

/** The navbar's chat icon, named with its count like the cart's ("Chat, 1 conversation with unread messages"). */
export function ChatLink() {
  const unread = useAppSelector(selectUnreadChats);
  const { t } = useTranslation();
  return (
    <Link
      to="/chat"
      className="icon-link-btn"
      aria-label={unread > 0 ? t('chatLink.labelUnread', { count: unread, number: formatNumber(unread) }) : t('chatLink.label')}
    >
      <ChatIcon />
      <ChatBadge />
    </Link>
  );
}
