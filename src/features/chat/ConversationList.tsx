import { useAppSelector } from '../../app/hooks';
import { useTranslation } from '../../i18n';
import { formatNumber } from '../../ui/clinicTime';
import { selectUserId } from '../session';
import { Avatar } from './Avatar';
import { chatDate } from './chatFormat';
import { otherParty, selectChats, selectIsSender, selectOnline, selectSelectedChatId } from './chatSlice';
import './texts';
import { useDoctorTitle } from '../../ui/DoctorName';

/** The left column: one row per conversation with the other party's picture, name, last message and date. */
export function ConversationList({ onSelect }: { onSelect: (chatId: string) => void }) {
  const { t } = useTranslation('chat');
  const titled = useDoctorTitle();
  const chats = useAppSelector(selectChats);
  const isSender = useAppSelector(selectIsSender);
  const userId = useAppSelector(selectUserId);
  const selectedId = useAppSelector(selectSelectedChatId);
  const online = useAppSelector(selectOnline);

  if (chats.length === 0) {
    return <p className="text-muted p-3 mb-0">{t('list.none')}</p>;
  }
  return (
    <ul className="list-unstyled mb-0 chat-list" aria-label={t('list.label')}>
      {chats.map((chat) => {
        const person = otherParty(chat, isSender, userId);
        // Chats run from a patient to a doctor: the receiver is the doctor, named with his title.
        const shownName = person._id === chat.receiver._id ? titled(person.name) : person.name;
        const selected = chat._id === selectedId;
        const unread = chat.unread ?? 0;
        return (
          <li key={chat._id}>
            <button
              type="button"
              className={`chat-list__item${selected ? ' chat-list__item--selected' : ''}`}
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(chat._id)}
            >
              <span className="chat-list__avatar">
                <Avatar name={shownName} image={person.image} />
                {online[person._id] && <span className="chat-online-dot" aria-hidden="true" />}
              </span>
              <span className="chat-list__text">
                <span className="chat-list__top">
                  <span className="chat-list__name">
                    <bdi>{shownName}</bdi>
                  </span>
                  <span className="chat-list__date">{chatDate(chat.updated_at)}</span>
                </span>
                <span className="chat-list__last" dir="auto">
                  {chat.lastMessage}
                </span>
              </span>
              {unread > 0 && !selected && (
                <span className="badge rounded-pill bg-primary chat-list__unread">
                  {formatNumber(unread)}
                  <span className="visually-hidden">{t('list.unread')}</span>
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
