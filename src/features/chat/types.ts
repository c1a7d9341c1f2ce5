import type { ChatMessage } from '../../api/socket';

export type { ChatMessage };

export interface ChatPerson {
  _id: string;
  name: string;
  image: string;
}

/** One conversation as GET chat returns it. */
export interface ChatItem {
  _id: string;
  sender: ChatPerson;
  receiver: ChatPerson;
  lastMessage: string;
  /** The other party's messages the user has not read (0 when the server leaves it out). */
  unread?: number;
  created_at: string;
  updated_at: string;
}
