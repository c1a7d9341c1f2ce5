import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useTranslation } from '../../i18n';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { PageBanner } from '../../ui/PageBanner';
import { Spinner } from '../../ui/Spinner';
import { selectIsLoggedIn, selectUserId } from '../session';
import { loadChatSocket, useChatConnection } from './chatConnection';
import {
  chatSelected,
  fetchChats,
  olderMessagesRequested,
  selectChatError,
  selectChats,
  selectChatStatus,
  selectMessages,
  selectSelectedChatId,
} from './chatSlice';
import { ConversationList } from './ConversationList';
import { ConversationPane } from './ConversationPane';
import './chat.css';
import './texts';

/** /chat: the user's conversations on the left, the chosen one on the right (`?chat=<id>` chooses one). */
export default function ChatPage() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const { t } = useTranslation('chat');
  return (
    <>
      <PageBanner title={t('title')} />
      <div className="container py-4">
        {loggedIn ? (
          <Chat />
        ) : (
          <p className="text-center py-5">
            {t('guestBefore')}
            <Link to="/account/login">{t('guestLink')}</Link>
            {t('guestAfter')}
          </p>
        )}
      </div>
    </>
  );
}

function Chat() {
  const dispatch = useAppDispatch();
  const { t } = useTranslation('chat');
  const chats = useAppSelector(selectChats);
  const status = useAppSelector(selectChatStatus);
  const error = useAppSelector(selectChatError);
  const selectedId = useAppSelector(selectSelectedChatId);
  const messages = useAppSelector(selectMessages);
  const userId = useAppSelector(selectUserId);
  const [params, setParams] = useSearchParams();
  const wanted = params.get('chat');

  useChatConnection({ owner: false });

  useEffect(() => {
    void dispatch(fetchChats());
  }, [dispatch]);

  // The URL says which conversation is open; one the user is not part of opens nothing.
  const known = wanted !== null && chats.some((c) => c._id === wanted);
  useEffect(() => {
    dispatch(chatSelected(known ? wanted : null));
  }, [dispatch, known, wanted]);

  // The socket joins the open chat's room and fetches its messages (again after every reconnect).
  useEffect(() => {
    let live = true;
    void loadChatSocket().then((service) => live && service.open(selectedId));
    return () => {
      live = false;
    };
  }, [selectedId]);

  useEffect(
    () => () => {
      dispatch(chatSelected(null));
      void loadChatSocket().then((service) => service.open(null));
    },
    [dispatch],
  );

  // A message from the other party arriving in the open chat has been read.
  const last = messages[messages.length - 1];
  useEffect(() => {
    if (selectedId && last && last.sender._id !== userId) void loadChatSocket().then((service) => service.markRead(selectedId));
  }, [last, selectedId, userId]);

  if (status === 'idle' || (status === 'loading' && chats.length === 0)) return <Spinner label={t('loading')} />;

  const selected = chats.find((c) => c._id === selectedId) ?? null;
  const send = (content: string) => {
    if (selectedId) void loadChatSocket().then((service) => service.send(selectedId, content));
  };

  const loadOlder = () => {
    const first = messages[0];
    if (!selectedId || !first?._id) return;
    const before = first._id;
    dispatch(olderMessagesRequested());
    void loadChatSocket().then((service) => service.loadOlder(selectedId, before));
  };

  return (
    <>
      <ErrorAlert message={error} />
      {/* On a phone an open conversation takes the whole width; the list is one tap back. */}
      <div className={`row g-0 chat-layout shadow-sm${selected ? ' chat-layout--open' : ''}`}>
        <div className="col-md-4 chat-layout__list">
          <h2 className="h6 text-uppercase text-muted px-3 pt-3">{t('messages')}</h2>
          <ConversationList onSelect={(chatId) => setParams({ chat: chatId }, { replace: true })} />
        </div>
        <div className="col-md-8">
          {selected && (
            <button type="button" className="btn btn-link d-md-none chat-layout__back" onClick={() => setParams({}, { replace: true })}>
              <span aria-hidden="true">‹ </span>
              {t('allConversations')}
            </button>
          )}
          <ConversationPane chat={selected} onSend={send} onLoadOlder={loadOlder} />
        </div>
      </div>
    </>
  );
}
