import type pg from 'pg';

/** Connections that already have the listener below. */
const heard = new WeakSet<pg.PoolClient>();

/**
 * A connection the server drops while a statement is on it (the database gone, a failover) emits
 * `error` with no pool listener left to hear it (the pool listens to idle connections only), which
 * would end the process. The statement itself fails with that error and the pool discards the
 * connection when it is given back, so the event only needs hearing, once per connection.
 */
export function hearDroppedConnection(client: pg.PoolClient): void {
  if (heard.has(client)) return;
  heard.add(client);
  client.on('error', () => {});
}
