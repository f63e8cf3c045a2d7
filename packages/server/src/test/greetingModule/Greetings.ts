import type { ServerContext } from '../../kernel/context.js';
import './greetingTables.js';

/** The example module's service: greets a user and counts the greetings in its own table. */
export class Greetings {
  constructor(private readonly ctx: Pick<ServerContext, 'db' | 'clock'>) {}

  /** A greeting for the user `userId` (its DID shown as `hello`), counted in one statement. */
  async greet(userId: string, did: string): Promise<{ hello: string; count: number }> {
    const now = this.ctx.clock.now();
    const row = await this.ctx.db
      .insertInto('greetings')
      .values({ user_id: userId, count: 1, last_at: now })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet((eb) => ({ count: eb('greetings.count', '+', 1), last_at: now })),
      )
      .returning('count')
      .executeTakeFirstOrThrow();
    return { hello: did, count: row.count };
  }
}
