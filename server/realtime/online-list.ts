import type { Namespace } from 'socket.io';
import type { ChatService } from '../modules/chat/service.js';
import type { App } from '../types.js';
import type { Presence } from './presence.js';
import { userRoom } from './rooms.js';

/** Changes within this window share one round of lists, so hundreds of sockets coming back after a restart cause a few, not hundreds. */
const ONLINE_LIST_WINDOW_MS = 50;

/**
 * The online list each person receives names only the people she shares a conversation with (the
 * contract's shape: user id → true): nobody learns who else uses the portal, or when.
 */
export function onlineLists(app: App, namespaces: Namespace[], presence: Presence, chats: ChatService) {
  /** The users whose online state changed since the last round; `everyone` when that is unknown (a dead process was swept). */
  let changed: Set<string> | 'everyone' = new Set();
  let pending: Promise<void> | null = null;
  /** Rounds run one after another, so a list read later never goes out before one read earlier. */
  let last: Promise<void> = Promise.resolve();

  const listOf = (contacts: Set<string> | undefined, online: Set<string>) =>
    Object.fromEntries([...(contacts ?? [])].filter((id) => online.has(id)).map((id) => [id, true]));

  /** Sends a fresh list to each online person whose contacts' state changed (and to those who changed). */
  async function round() {
    const who = changed;
    changed = new Set();
    const online = new Set(Object.keys(await presence.list()));
    let recipients: string[];
    if (who === 'everyone') recipients = [...online];
    else {
      const affected = new Set(who);
      for (const contacts of (await chats.contactsOf([...who])).values()) for (const id of contacts) affected.add(id);
      recipients = [...affected].filter((id) => online.has(id));
    }
    if (recipients.length === 0) return;
    const contacts = await chats.contactsOf(recipients);
    for (const id of recipients) {
      const list = listOf(contacts.get(id), online);
      for (const namespace of namespaces) namespace.to(userRoom(id)).emit('onlineList', list);
    }
  }

  return {
    /** The list for one person, as getOnlineList answers it. */
    async listFor(userId: string) {
      const online = new Set(Object.keys(await presence.list()));
      return listOf((await chats.contactsOf([userId])).get(userId), online);
    },

    /** Tells the people concerned that these users came online or went offline (no ids: everyone online hears again). */
    changed(userIds?: string[]): Promise<void> {
      if (!userIds) changed = 'everyone';
      else if (changed !== 'everyone') for (const id of userIds) changed.add(id);
      pending ??= new Promise<void>((resolve) => setTimeout(resolve, ONLINE_LIST_WINDOW_MS)).then(() => {
        pending = null;
        last = last.then(round).catch((error: unknown) => app.log.warn({ err: error }, 'online list broadcast failed'));
        return last;
      });
      return pending;
    },
  };
}
