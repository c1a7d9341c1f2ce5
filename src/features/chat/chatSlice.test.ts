import { describe, expect, it } from 'vitest';
import { makeStore } from '../../app/store';
import {
  chatSelected,
  chatSlice,
  chatUpdated,
  connectionChanged,
  messagesReceived,
  onlineListReceived,
  selectReconnecting,
  selectUnreadChats,
} from './chatSlice';
import { demoChat, demoMessages, doctorId, patientId, secondChat } from './testing/fixtures';

function storeWithChats() {
  return makeStore({ chat: { ...chatSlice.getInitialState(), chats: [demoChat, secondChat], isSender: true, status: 'succeeded', connected: true } });
}

describe('chatSlice', () => {
  it('shows a message list only for the chat that is open', () => {
    const store = storeWithChats();
    store.dispatch(chatSelected(secondChat._id));
    store.dispatch(messagesReceived({ list: demoMessages, chatId: demoChat._id }));
    expect(store.getState().chat.messages).toEqual([]);
    const newer = [...demoMessages, { sender: { _id: doctorId }, content: 'See you tomorrow.', created_at: '2026-11-22T09:00:00.000Z' }];
    store.dispatch(messagesReceived({ list: newer, chatId: secondChat._id }));
    expect(store.getState().chat.messages).toEqual(newer);
    // Opening a chat clears its unread count; the row moves up with its newest message.
    const row = store.getState().chat.chats[0];
    expect(row).toMatchObject({ _id: secondChat._id, unread: 0, lastMessage: 'See you tomorrow.', updated_at: '2026-11-22T09:00:00.000Z' });
  });

  it('counts unread conversations from live updates of chats that are not open', () => {
    const store = storeWithChats();
    expect(selectUnreadChats(store.getState())).toBe(1);
    store.dispatch(
      chatUpdated({ update: { chatId: demoChat._id, lastMessage: 'New', updated_at: '2026-11-23T10:00:00.000Z', from: doctorId }, selfId: patientId }),
    );
    expect(selectUnreadChats(store.getState())).toBe(2);
    store.dispatch(chatSelected(demoChat._id));
    expect(selectUnreadChats(store.getState())).toBe(1);
  });

  it('forgets presence while disconnected and says it is reconnecting', () => {
    const store = storeWithChats();
    store.dispatch(onlineListReceived({ [doctorId]: true }));
    store.dispatch(connectionChanged(false));
    expect(store.getState().chat.online).toEqual({});
    expect(selectReconnecting(store.getState())).toBe(true);
    store.dispatch(connectionChanged(true));
    expect(selectReconnecting(store.getState())).toBe(false);
  });
});
