import { z } from 'zod';
import type { ImageStore } from '../../storage/images.js';
import type { ChatRepository } from './repository.js';

const personSchema = z.object({ _id: z.string(), name: z.string(), image: z.string() });

export const chatSchema = z.object({
  _id: z.string(),
  sender: personSchema,
  receiver: personSchema,
  lastMessage: z.string(),
  /** How many of the other party's messages the caller has not read yet. */
  unread: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ChatDto = z.infer<typeof chatSchema>;

/** One message as the `chat` socket event carries it. */
export interface MessageDto {
  _id: string;
  sender: { _id: string; name: string; image: string };
  content: string;
  created_at: string;
}

type ChatRow = Awaited<ReturnType<ChatRepository['listForUser']>>[number];
type MessageRow = Awaited<ReturnType<ChatRepository['message']>>;

export function toChatDto(row: ChatRow, images: ImageStore): ChatDto {
  return {
    _id: row.id,
    sender: { _id: row.sender_id, name: row.sender_name, image: images.url(row.sender_image) },
    receiver: { _id: row.receiver_id, name: row.receiver_name, image: images.url(row.receiver_image) },
    lastMessage: row.last_message,
    unread: Number(row.unread ?? 0),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export function toMessageDto(row: MessageRow, images: ImageStore): MessageDto {
  return {
    _id: row.id,
    sender: { _id: row.sender_id, name: row.sender_name, image: images.url(row.sender_image) },
    content: row.content,
    created_at: row.created_at,
  };
}
