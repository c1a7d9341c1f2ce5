import { createServer, connect, type AddressInfo, type Socket } from 'node:net';

/**
 * A TCP relay to a real service that can stop answering while its connections stay open, as a
 * process stopped with SIGSTOP does (bytes sent during a stall wait in the relay and flow on
 * resume), drop them all, as a restart does, or refuse them for a while, as a service that went away.
 */
export async function stallableProxy(target: URL) {
  const pairs: [Socket, Socket][] = [];
  let stalled = false;
  let down = false;
  const server = createServer((client) => {
    if (down) return void client.destroy();
    const upstream = connect(Number(target.port || 6379), target.hostname);
    pairs.push([client, upstream]);
    client.pipe(upstream);
    upstream.pipe(client);
    if (stalled) for (const s of [client, upstream]) s.pause();
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target.toString());
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.toString(),
    stall() {
      stalled = true;
      for (const pair of pairs) for (const s of pair) s.pause();
    },
    resume() {
      stalled = false;
      for (const pair of pairs) for (const s of pair) s.resume();
    },
    /** Drops every connection at once, as a restart of the service does; new ones are relayed again. */
    cut() {
      for (const pair of pairs.splice(0)) for (const s of pair) s.destroy();
    },
    /** Drops every connection and refuses new ones until `up()`, as a service that went away. */
    down() {
      down = true;
      for (const pair of pairs.splice(0)) for (const s of pair) s.destroy();
    },
    up() {
      down = false;
    },
    async close() {
      for (const pair of pairs) for (const s of pair) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
