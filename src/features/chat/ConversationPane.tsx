import { useLayoutEffect, useRef } from 'react';
import { useAppSelector } from '../../app/hooks';
import { useTranslation } from '../../i18n';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { Spinner } from '../../ui/Spinner';
import { selectUserId } from '../session';
import { Avatar } from './Avatar';
import { messageStamp } from './chatFormat';
import {
  otherParty,
  selectHasOlder,
  selectIsSender,
  selectMessages,
  selectMessagesStatus,
  selectOlderLoading,
  selectOnline,
  selectReconnecting,
  selectSocketError,
} from './chatSlice';
import { MessageComposer } from './MessageComposer';
import type { ChatItem } from './types';
import './texts';
import { useDoctorTitle } from '../../ui/DoctorName';

/**
 * The right pane: who the user talks to, whether they are online, the messages and the input.
 * The newest page shows first; scrolling to the top (or the button there) asks for the page before it.
 */
export function ConversationPane({ chat, onSend, onLoadOlder }: { chat: ChatItem | null; onSend: (content: string) => void; onLoadOlder: () => void }) {
  const { t } = useTranslation('chat');
  const titled = useDoctorTitle();
  const isSender = useAppSelector(selectIsSender);
  const userId = useAppSelector(selectUserId);
  const messages = useAppSelector(selectMessages);
  const status = useAppSelector(selectMessagesStatus);
  const online = useAppSelector(selectOnline);
  const error = useAppSelector(selectSocketError);
  const reconnecting = useAppSelector(selectReconnecting);
  const hasOlder = useAppSelector(selectHasOlder);
  const olderLoading = useAppSelector(selectOlderLoading);
  const end = useRef<HTMLLIElement>(null);
  const list = useRef<HTMLUListElement>(null);
  /** What the list looked like before the last change: an older page keeps the reader where they were. */
  const shown = useRef<{ first?: string; last?: string; height: number; top: number }>({ height: 0, top: 0 });

  useLayoutEffect(() => {
    const box = list.current;
    const first = messages[0]?._id ?? messages[0]?.created_at;
    const lastMessage = messages[messages.length - 1];
    const last = lastMessage?._id ?? lastMessage?.created_at;
    const before = shown.current;
    if (box && before.last === last && before.first !== first) {
      // Older messages went in above: the same messages stay under the reader's eyes.
      box.scrollTop = before.top + (box.scrollHeight - before.height);
    } else if (before.last !== last) {
      // The newest message stays in view as messages arrive.
      end.current?.scrollIntoView?.({ block: 'end' });
    }
    shown.current = { first, last, height: box?.scrollHeight ?? 0, top: box?.scrollTop ?? 0 };
  }, [messages]);

  const loadOlder = () => {
    if (hasOlder && !olderLoading) onLoadOlder();
  };
  const onScroll = () => {
    const box = list.current;
    if (!box) return;
    shown.current.top = box.scrollTop;
    if (box.scrollTop <= 0) loadOlder();
  };

  if (!chat) {
    return (
      <div className="chat-pane chat-pane--empty">
        <p className="mb-0">{t('pane.nothingSelected')}</p>
      </div>
    );
  }
  const person = otherParty(chat, isSender, userId);
  // Chats run from a patient to a doctor: the receiver is the doctor, named with his title.
  const shownName = person._id === chat.receiver._id ? titled(person.name) : person.name;
  const isOnline = online[person._id] === true;

  return (
    <section className="chat-pane" aria-label={t('pane.label', { name: shownName })}>
      <header className="chat-pane__header">
        <Avatar name={shownName} image={person.image} size={48} />
        <div>
          <h2 className="h5 mb-0">
            <bdi>{shownName}</bdi>
          </h2>
          <span className={`chat-status${isOnline ? ' chat-status--online' : ''}`}>{t(isOnline ? 'pane.online' : 'pane.offline')}</span>
        </div>
        {reconnecting && (
          <span className="chat-reconnecting ms-auto" role="status">
            {t('pane.reconnecting')}
          </span>
        )}
      </header>
      {status === 'loading' && messages.length === 0 ? (
        <Spinner label={t('pane.loading')} />
      ) : (
        <ul ref={list} className="list-unstyled chat-messages" aria-label={t('pane.messages')} aria-live="polite" tabIndex={0} onScroll={onScroll}>
          {hasOlder && (
            <li className="chat-messages__older">
              <button type="button" className="btn btn-link btn-sm" onClick={loadOlder} disabled={olderLoading}>
                {t(olderLoading ? 'pane.loadingOlder' : 'pane.loadOlder')}
              </button>
            </li>
          )}
          {messages.map((message, index) => {
            const own = message.sender._id === userId;
            return (
              <li key={message._id ?? `${message.created_at}-${index}`} className={`chat-message${own ? ' chat-message--own' : ''}`}>
                <span className="visually-hidden">{own ? t('pane.you') : t('pane.from', { name: shownName })}</span>
                <p className="chat-message__text" dir="auto">
                  {message.content}
                </p>
                <time className="chat-message__time" dateTime={message.created_at}>
                  {messageStamp(message.created_at)}
                </time>
              </li>
            );
          })}
          <li ref={end} aria-hidden="true" />
        </ul>
      )}
      <ErrorAlert message={error} className="mx-3 mb-2 py-2" />
      <MessageComposer onSend={onSend} />
    </section>
  );
}
