import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OneTimeSecrets } from './OneTimeSecrets.js';
import { type ShortLivedBackend, shortLivedBackends } from './testing/shortLivedBackends.js';

interface Note {
  text: string;
  expiresAt: number;
}

for (const factory of shortLivedBackends()) {
  describe(`OneTimeSecrets on ${factory.name}`, () => {
    let backend: ShortLivedBackend;
    let clock = 1_700_000_000_000;
    let notes: OneTimeSecrets<Note>;
    const prefix = `test-notes-${Date.now()}`;
    beforeAll(async () => {
      backend = await factory.create();
      notes = new OneTimeSecrets<Note>(backend.store, prefix, () => clock);
    });
    afterAll(async () => {
      await backend?.dispose();
    });

    it('mints a 43-character secret, keeps only its hash as the key, and hands the record out once', async () => {
      const secret = await notes.mint({ text: 'hello' }, 60_000);
      expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const hashed = createHash('sha256').update(secret).digest('base64url');
      expect(await backend.store.get(`${prefix}:${secret}`)).toBeNull();
      expect(await backend.store.get(`${prefix}:${hashed}`)).toContain('"text":"hello"');
      // Two takers at once: exactly one gets the record.
      const taken = await Promise.all([notes.take(secret), notes.take(secret)]);
      expect(taken.filter((note) => note?.text === 'hello')).toHaveLength(1);
      expect(taken.filter((note) => note === null)).toHaveLength(1);
      expect(await notes.take(secret)).toBeNull();
    });

    it("refuses a record past its expiry by the server's clock, and malformed or unknown secrets", async () => {
      const secret = await notes.mint({ text: 'late' }, 60_000);
      clock += 60_000;
      expect(await notes.take(secret)).toBeNull();
      expect(await notes.take('not a secret')).toBeNull();
      expect(await notes.take('A'.repeat(43))).toBeNull();
    });

    it('keeps each kind apart: a secret of one prefix redeems nothing under another', async () => {
      const other = new OneTimeSecrets<Note>(backend.store, `test-other-${Date.now()}`, () => clock);
      const secret = await notes.mint({ text: 'mine' }, 60_000);
      expect(await other.take(secret)).toBeNull();
      expect((await notes.take(secret))?.text).toBe('mine');
    });
  });
}
