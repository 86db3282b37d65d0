/**
 * A TCP relay between the app and a server (PostgreSQL, Redis) that a test can take down and bring back:
 * `down()` cuts every open connection and refuses new ones (what a restart or a failover does to the app),
 * `up()` relays again. Listens on 127.0.0.1 (random port).
 */
import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface TcpProxy {
  port: number;
  /** Connections accepted so far (relayed or refused). */
  readonly accepted: number;
  down(): void;
  up(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let isDown = false;
  let accepted = 0;
  const server = createServer((client) => {
    accepted += 1;
    if (isDown) {
      client.destroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    open.add(client);
    open.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get accepted() {
      return accepted;
    },
    down() {
      isDown = true;
      for (const socket of open) socket.destroy();
      open.clear();
    },
    up() {
      isDown = false;
    },
    close() {
      for (const socket of open) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
