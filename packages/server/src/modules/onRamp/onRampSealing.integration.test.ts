import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseCommand, runCommand } from '../../admin/commands.js';
import { createSealer, masterKeyId } from '../../kernel/crypto/masterKey.js';
import { createTestServer, type TestServer } from '../../test/harness.js';
import { onRampSecretAad } from './OnRampSettings.js';

// `keys rotate` finds the on-ramp secret keys through the module's `sealed` declaration and re-seals them
// under the current master key: a server started without the previous key then still opens them.

const [previousKey, currentKey] = [randomBytes(32), randomBytes(32)];
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({
    masterKey: currentKey.toString('base64'),
    masterKeyPrevious: previousKey.toString('base64'),
  });
});
afterAll(async () => {
  await server.close();
});

it('keys rotate re-seals the on-ramp secret keys sealed under a previous master key', async () => {
  const { appId } = await server.createApp();
  // The live key as a server before the rotation sealed it; the sandbox key under the current key already.
  await server.ctx.onRampSettings.set(appId, 'live', { publishableKey: 'pk_live_r', secretKey: 'sk_live_rotate_me' });
  const old = createSealer(previousKey).seal('sk_live_rotate_me', onRampSecretAad(appId, 'live'));
  await server.db
    .updateTable('app_on_ramp_credentials')
    .set({ secret_sealed: old })
    .where('app_id', '=', appId)
    .where('mode', '=', 'live')
    .execute();
  await server.ctx.onRampSettings.set(appId, 'sandbox', { publishableKey: 'pk_test_r', secretKey: 'sk_test_stays' });
  const sealedOf = async (mode: string) =>
    (
      await server.db
        .selectFrom('app_on_ramp_credentials')
        .select('secret_sealed')
        .where('app_id', '=', appId)
        .where('mode', '=', mode)
        .executeTakeFirstOrThrow()
    ).secret_sealed;
  expect((await sealedOf('live')).split('.')[1]).toBe(masterKeyId(previousKey));
  const sandboxBefore = await sealedOf('sandbox');

  const out: Array<{ resealed: Record<string, number>; failed: unknown[] }> = [];
  const code = await runCommand(server.ctx, parseCommand(['keys', 'rotate']), (value) => out.push(value as never));
  expect(code).toBe(0);
  expect(out[0]?.resealed.on_ramp_secrets).toBe(1);
  expect(out[0]?.failed).toEqual([]);

  const live = await sealedOf('live');
  expect(live.split('.')[1]).toBe(masterKeyId(currentKey));
  // Opens with the current key alone, bound to its app and mode.
  expect(createSealer(currentKey).open(live, onRampSecretAad(appId, 'live'))).toBe('sk_live_rotate_me');
  expect(() => createSealer(currentKey).open(live, onRampSecretAad(appId, 'sandbox'))).toThrow();
  expect(await sealedOf('sandbox')).toBe(sandboxBefore);
  expect((await server.ctx.onRampSettings.get(appId, 'live'))?.secretKey).toBe('sk_live_rotate_me');
});
