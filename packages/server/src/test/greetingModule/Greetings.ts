import type { ServerContext } from '../../kernel/context.js';

/** The example module's service: greets a user and counts its greetings. */
export class Greetings {
  private count = 0;

  constructor(private readonly ctx: Pick<ServerContext, 'clock'>) {}

  /** A greeting for `userId`, stamped with the server's clock. */
  greet(userId: string): { hello: string; at: string; count: number } {
    this.count += 1;
    return { hello: userId, at: this.ctx.clock.now().toISOString(), count: this.count };
  }
}
