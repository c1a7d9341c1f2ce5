import { useEffect, useRef } from 'react';
import { useAppSelector } from '../../app/hooks';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { Spinner } from '../../ui/Spinner';
import { selectUserId } from '../session/sessionSlice';
import { Avatar } from './Avatar';
import { messageStamp } from './chatFormat';
import { otherParty, selectIsSender, selectMessages, selectMessagesStatus, selectOnline, selectReconnecting, selectSocketError } from './chatSlice';
import { MessageComposer } from './MessageComposer';
import type { ChatItem } from './types';

export const NOTHING_SELECTED = 'You don’t have a message selected. Choose one from your existing messages, or start a new.';

/** The right pane: who the user talks to, whether they are online, the messages and the input. */
export function ConversationPane({ chat, onSend }: { chat: ChatItem | null; onSend: (content: string) => void }) {
  const isSender = useAppSelector(selectIsSender);
  const userId = useAppSelector(selectUserId);
  const messages = useAppSelector(selectMessages);
  const status = useAppSelector(selectMessagesStatus);
  const online = useAppSelector(selectOnline);
  const error = useAppSelector(selectSocketError);
  const reconnecting = useAppSelector(selectReconnecting);
  const end = useRef<HTMLLIElement>(null);

  // The newest message stays in view as messages arrive.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [messages]);

  if (!chat) {
    return (
      <div className="chat-pane chat-pane--empty">
        <p className="mb-0">{NOTHING_SELECTED}</p>
      </div>
    );
  }
  const person = otherParty(chat, isSender, userId);
  const isOnline = online[person._id] === true;

  return (
    <section className="chat-pane" aria-label={`Conversation with ${person.name}`}>
      <header className="chat-pane__header">
        <Avatar name={person.name} image={person.image} size={48} />
        <div>
          <h2 className="h5 mb-0">{person.name}</h2>
          <span className={`chat-status${isOnline ? ' chat-status--online' : ''}`}>{isOnline ? 'Online' : 'Offline'}</span>
        </div>
        {reconnecting && (
          <span className="chat-reconnecting ms-auto" role="status">
            Connection lost, reconnecting…
          </span>
        )}
      </header>
      {status === 'loading' && messages.length === 0 ? (
        <Spinner label="Loading messages…" />
      ) : (
        <ul className="list-unstyled chat-messages" aria-label="Messages" aria-live="polite" tabIndex={0}>
          {messages.map((message, index) => {
            const own = message.sender._id === userId;
            return (
              <li key={message._id ?? `${message.created_at}-${index}`} className={`chat-message${own ? ' chat-message--own' : ''}`}>
                <span className="visually-hidden">{own ? 'You:' : `${person.name}:`}</span>
                <p className="chat-message__text">{message.content}</p>
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
