/** What other features may use of the chat: the navbar's unread-chats badge (the notifications tests render it beside the bell). */
export { ChatBadge, ChatLink } from './ChatBadge';
