import type { ExtendedError, Socket } from 'socket.io';
import { HttpError, forbidden, unauthorized } from '../lib/errors.js';
import { mustSetUpTwoFactor, twoFactorSetupMessage, viewerFromToken, type Viewer } from '../plugins/auth.js';
import { translateMessage } from '../i18n/translate.js';
import type { App } from '../types.js';
import { socketLanguage } from './refuse.js';
import { sessionRoom, userRoom } from './rooms.js';

/** What the server remembers about one socket. */
export interface SocketData {
  /** The token the socket identified with (handshake `auth.token`, or the first event that carried one). */
  token?: string;
  /** The user of that token: the only person this socket acts for. */
  userId?: string;
  /** The session of that token: ending it disconnects this socket (see rooms). */
  jti?: string;
  /** Who the handshake's token signed in, until the connection binds the socket to her. */
  handshakeViewer?: Viewer;
  /** Set when the socket's own session or account no longer signs in: it is disconnected after hearing why. */
  ended?: boolean;
  /** The user whose presence this socket holds, once it went online. */
  onlineAs?: string;
  /** The chat room this socket views; it receives no other chat's list. */
  chatId?: string;
  /** Events of one socket run one after another, in the order they arrived. */
  queue: Promise<void>;
  /** Events in the current window, against floods from one connection. */
  events: { start: number; count: number };
}

export const signInAgainMessage = 'Please log in again to use the chat';
export const someoneElseMessage = 'This connection is signed in as someone else; please reload the page';

/**
 * The person a token signs in, by the rules of an HTTP request: a valid token of a session not ended,
 * an account not suspended, and two-factor sign-in turned on where MFA_REQUIRED_ROLES asks for it.
 * The handshake and every event that carries a token ask here.
 */
export async function socketViewer(app: App, token: string | null): Promise<Viewer> {
  const viewer = await viewerFromToken(app, token);
  if (!viewer) throw unauthorized(signInAgainMessage);
  if (mustSetUpTwoFactor(app, viewer)) throw forbidden(twoFactorSetupMessage);
  return viewer;
}

/**
 * Binds the socket to the person it acts for, whichever event identified it: it joins her session's
 * and account's rooms, so logout, a new password or a suspension ends it on every process. A socket
 * acts for one person only: another person's token is refused; her own newer session takes the old one's place.
 */
export async function bindSocket(app: App, socket: Socket, viewer: Viewer) {
  const data = socket.data as SocketData;
  if (data.userId && data.userId !== viewer.id) throw forbidden(someoneElseMessage);
  // A socket that closed meanwhile joins nothing: its rooms are gone already.
  if (socket.disconnected) return;
  const fresh = data.jti !== viewer.jti;
  if (data.jti && fresh) socket.leave(sessionRoom(data.jti));
  data.token = viewer.token;
  data.userId = viewer.id;
  data.jti = viewer.jti;
  socket.join([sessionRoom(viewer.jti), userRoom(viewer.id)]);
  // A session ended while its token was being checked was disconnected before this socket was in its
  // room: asked once more now that it is, so no ending slips between the check and the join.
  if (fresh && !(await viewerFromToken(app, viewer.token))) {
    data.ended = true;
    throw unauthorized(signInAgainMessage);
  }
}

/** Why a handshake was refused, as the client's connect_error reads it: "Unauthorized" for a bad token, else the reason in its language. */
export function handshakeRefusal(socket: Socket, error: unknown): ExtendedError {
  if (!(error instanceof HttpError)) return error instanceof Error ? error : new Error('Unauthorized');
  if (error.statusCode === 401) return new Error('Unauthorized');
  return new Error(translateMessage(error.message, socketLanguage(socket)));
}
