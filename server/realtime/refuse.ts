import type { Socket } from 'socket.io';
import { languageOf, type Language } from '../i18n/language.js';
import { translateMessage } from '../i18n/translate.js';

/**
 * The language of a socket: what the client named in its handshake's `auth.language` (the SPA sends
 * the language it shows, which a browser cannot put in a WebSocket's headers), else the handshake's
 * Accept-Language, by the same rule as HTTP requests.
 */
export function socketLanguage(socket: Pick<Socket, 'handshake'>): Language {
  const named = (socket.handshake.auth as { language?: unknown } | undefined)?.language;
  return languageOf(typeof named === 'string' ? named : socket.handshake.headers['accept-language']);
}

/** Tells the client why an event was refused: an `ErrorMessage`, and `{ message }` to an acknowledgement, in its language. */
export function refuse(socket: Socket, english: string, ack?: (answer: unknown) => void) {
  const message = translateMessage(english, socketLanguage(socket));
  socket.emit('ErrorMessage', { message });
  ack?.({ message });
}
