// Preloaded (`--import`) into a Latch host by compareRevisions.mjs: counts the queries the server sends to
// PostgreSQL, a figure machine load cannot blur (login's statements per operation are what "the one-statement
// login" keeps). `pg` is the one the side's server resolves (BENCH_SIDE_ROOT), so the count sees its pool.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const sideRequire = createRequire(join(process.env.BENCH_SIDE_ROOT ?? process.cwd(), 'packages/server/package.json'));
const { Client } = sideRequire('pg');
let queries = 0;
const query = Client.prototype.query;
Client.prototype.query = function countedQuery(...args) {
  queries++;
  return query.apply(this, args);
};
process.on('message', (message) => {
  if (message?.type === 'queries') process.send?.({ type: 'queries', count: queries });
});
