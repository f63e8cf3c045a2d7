import { expect, it } from 'vitest';
import { parseCommand, runCommand } from '../../admin/commands.js';
import { forEachBackend, type TestServer } from '../../test/harness.js';

/** `apps webhooks add <app> --url <url>` on the server's context, as the CLI runs it; the printed objects. */
async function addEndpoint(server: TestServer, appId: string, url: string) {
  const printed: Array<Record<string, unknown>> = [];
  await runCommand(server.ctx, parseCommand(['apps', 'webhooks', 'add', appId, '--url', url]), (value) =>
    printed.push(value as Record<string, unknown>),
  );
  return printed;
}

// docs/webhooks.md, "Testing a production server's webhooks on one machine": the server's own settings decide.
forEachBackend(
  'apps webhooks add on a production server with LATCH_WEBHOOKS_ALLOW_HTTP_LOOPBACK=1',
  (server) => {
    it('accepts http to loopback and still refuses any other http host', async () => {
      const s = server();
      expect(s.ctx.settings.dev).toBe(false);
      const { appId } = await s.createApp({ name: 'Local hooks' });
      const [added] = await addEndpoint(s, appId, 'http://127.0.0.1:4000/hooks/latch');
      expect(added).toMatchObject({ url: 'http://127.0.0.1:4000/hooks/latch' });
      const before = await s.tableCounts();
      await expect(addEndpoint(s, appId, 'http://10.0.0.1/hooks')).rejects.toThrow(/must use https/);
      expect(await s.tableCounts()).toEqual(before);
    });
  },
  { settings: { dev: false, webhooksAllowHttpLoopback: true } },
);

forEachBackend(
  'apps webhooks add on a production server without it',
  (server) => {
    it('refuses http to loopback, naming the variable that allows it', async () => {
      const s = server();
      const { appId } = await s.createApp({ name: 'No local hooks' });
      await expect(addEndpoint(s, appId, 'http://127.0.0.1:4000/hooks/latch')).rejects.toThrow(
        /LATCH_WEBHOOKS_ALLOW_HTTP_LOOPBACK=1/,
      );
    });
  },
  { settings: { dev: false } },
);
