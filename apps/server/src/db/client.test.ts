import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { CONNECT_TIMEOUT_MS, createDatabase } from './client';
import { isDatabaseUnreachable } from './unreachable';

const sockets: net.Socket[] = [];
// A "database" that takes the connection and never says a word (a frozen server, a dead host behind a proxy).
const silent = net.createServer((socket) => {
  sockets.push(socket);
  socket.on('error', () => {});
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

describe('a database that does not answer', () => {
  it('fails a query within the connect timeout, as unreachable, instead of waiting for ever', async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    const db = createDatabase(`postgres://nobody@127.0.0.1:${port}/frozen`, 1);
    const started = Date.now();
    const error = await db.execute(sql`select 1`).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isDatabaseUnreachable(error)).toBe(true);
    expect(Date.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS + 3000);
    await db.$client.end().catch(() => undefined);
  }, 30_000);
});
