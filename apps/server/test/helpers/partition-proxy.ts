import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that can fall silent like a network partition: connections
 * stay open, nothing arrives in either direction (what was sent is delivered once it heals).
 */
export async function partitionableProxy(target: URL) {
  let silent = false;
  const heals: (() => void)[] = [];
  const sockets = new Set<net.Socket>();
  const relay = (from: net.Socket, to: net.Socket) => {
    const held: Buffer[] = [];
    from.on('data', (chunk: Buffer) => (silent ? held.push(chunk) : to.write(chunk)));
    heals.push(() => {
      for (const chunk of held.splice(0)) to.write(chunk);
    });
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(socket);
      socket.on('error', () => other.destroy());
      socket.on('close', () => {
        sockets.delete(socket);
        other.destroy();
      });
      relay(socket, other);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    silence() {
      silent = true;
    },
    heal() {
      silent = false;
      for (const heal of heals) heal();
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
