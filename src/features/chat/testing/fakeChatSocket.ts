import type { ChatEvents, ChatSocketService } from '../../../api/socket';

/** A stand-in for the socket service: records what the page asks and lets a test push server events. */
export function createFakeChatSocket() {
  let events: ChatEvents | null = null;
  const calls = {
    start: [] as string[],
    open: [] as Array<string | null>,
    send: [] as Array<{ chatId: string; content: string }>,
    markRead: [] as string[],
    loadOlder: [] as Array<{ chatId: string; before: string }>,
    stop: 0,
  };
  const service: ChatSocketService = {
    async start(token, e) {
      calls.start.push(token);
      events = e;
    },
    open: (chatId) => void calls.open.push(chatId),
    send: (chatId, content) => void calls.send.push({ chatId, content }),
    markRead: (chatId) => void calls.markRead.push(chatId),
    loadOlder: (chatId, before) => void calls.loadOlder.push({ chatId, before }),
    stop: () => {
      calls.stop += 1;
    },
  };
  return {
    service,
    calls,
    /** The callbacks the page registered; throws if it never started the service. */
    get server(): ChatEvents {
      if (!events) throw new Error('the chat service was never started');
      return events;
    },
    reset() {
      events = null;
      calls.start = [];
      calls.open = [];
      calls.send = [];
      calls.markRead = [];
      calls.loadOlder = [];
      calls.stop = 0;
    },
  };
}

/** The one fake the mocked socket module hands out; tests reach it through this import. */
export const fakeChatSocket = createFakeChatSocket();
