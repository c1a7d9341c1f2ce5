import type { Socket } from 'socket.io';
import { refuse } from './refuse.js';

/**
 * Control characters never belong in chat text or ids: PostgreSQL cannot store NUL at all, and the
 * others only garble what the other person sees. Tab, line feed and carriage return are text.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const controlCharacterMessage = 'The message contains a control character (such as NUL) that is not allowed; please remove it and try again';
export const oversizedMessage = 'This message is too large to send; the connection is closed. Please reload the page.';

function hasControlCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return controlCharacters.test(value);
  if (depth > 4 || !value || typeof value !== 'object') return false;
  return Object.entries(value).some(([k, v]) => controlCharacters.test(k) || hasControlCharacter(v, depth + 1));
}

/** Rough size of a packet as it travelled (JSON text); functions (acknowledgements) count as nothing. */
function sizeOf(args: unknown[]): number {
  try {
    return Buffer.byteLength(JSON.stringify(args) ?? '');
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/**
 * Checks every incoming event before its handler: a packet with a control character is refused
 * with an `ErrorMessage` (and `{ message }` to an acknowledgement) and goes no further; a packet
 * over `maxBytes` gets an `ErrorMessage` and then the connection is closed. Packets over the
 * transport's own hard limit (socket.io's maxHttpBufferSize) are cut off by the transport before
 * any code of ours sees them, so that limit is set well above `maxBytes`.
 */
export function guardPackets(socket: Socket, maxBytes: number) {
  socket.use((packet, next) => {
    const args = packet.slice(1);
    const ack = typeof args.at(-1) === 'function' ? (args.at(-1) as (answer: unknown) => void) : undefined;
    if (sizeOf(args) > maxBytes) {
      refuse(socket, oversizedMessage, ack);
      socket.disconnect(true);
      return;
    }
    if (hasControlCharacter(packet)) {
      refuse(socket, controlCharacterMessage, ack);
      return;
    }
    next();
  });
}
