import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';

/**
 * A mail server for tests, on a port chosen up front so a portal can be configured with it before
 * it exists: `accept` takes every message, `silentAfterGreeting` and `silentAfterData` answer
 * nothing from that point on (a hung server), and a port with no server refuses connections.
 */
export type SmtpBehaviour = 'accept' | 'silentAfterGreeting' | 'silentAfterData';

export async function freeSmtpPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export async function fakeSmtp(port: number, behaviour: SmtpBehaviour) {
  const received: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    if (behaviour === 'silentAfterGreeting') return;
    socket.write('220 fake ESMTP\r\n');
    let data: string | null = null;
    let buffer = '';
    socket.on('data', (chunk) => {
      buffer += chunk.toString('latin1');
      for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== null) {
          if (line !== '.') {
            data += `${line}\n`;
            continue;
          }
          if (behaviour === 'silentAfterData') return;
          received.push(data);
          data = null;
          socket.write('250 queued\r\n');
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') socket.write('250 fake\r\n');
        else if (verb === 'DATA') {
          data = '';
          socket.write('354 go on\r\n');
        } else if (verb === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    received,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
