import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { findKeyMaterial, type KnownSecret, needlesOf, scanDataDir } from './keyMaterialScan.js';

// The scanner must be able to fail: plant secrets the way a careless server could store them.
describe('key material scanner', () => {
  const dir = mkdtempSync(join(tmpdir(), 'latch-scan-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const secret = (label: string): KnownSecret => ({ label, hex: randomBytes(32).toString('hex') });
  const mnemonic = (words: string): KnownSecret => ({ label: 'mnemonic', hex: Buffer.from(words).toString('hex') });

  it('finds planted secrets in every form, and nothing that was not planted', async () => {
    const asHex = secret('hex in text');
    const asBase64Url = secret('base64url inside JSON at an odd offset');
    const asBytea = secret('raw bytea');
    const inBigText = mnemonic('abandon ability able about above absent absorb abstract absurd abuse access accident');
    const absent = secret('never stored');
    const db = new PGlite(dir);
    await db.exec('CREATE TABLE wallets (id serial, note text, doc jsonb, raw bytea)');
    await db.query('INSERT INTO wallets (note) VALUES ($1)', [`0x${asHex.hex}`]);
    const odd = Buffer.concat([Buffer.from([7]), Buffer.from(asBase64Url.hex, 'hex'), Buffer.from([9, 9])]);
    await db.query('INSERT INTO wallets (doc) VALUES ($1)', [JSON.stringify({ share: odd.toString('base64url') })]);
    await db.query('INSERT INTO wallets (raw) VALUES ($1)', [Buffer.from(asBytea.hex, 'hex')]);
    // Over 2 kB: PostgreSQL compresses it (TOAST), so only the table dump can see it.
    const words = Buffer.from(inBigText.hex, 'hex').toString('utf8');
    await db.query('INSERT INTO wallets (note) VALUES ($1)', [`${'x'.repeat(4000)} ${words} ${'y'.repeat(4000)}`]);
    await db.close();

    const findings = await scanDataDir(dir, [asHex, asBase64Url, asBytea, inBigText, absent]);
    const labels = new Set(findings.map((f) => f.label));
    expect([...labels].sort()).toEqual([asHex.label, asBase64Url.label, asBytea.label, 'mnemonic'].sort());
    expect(findings.some((f) => f.label === asBytea.label && f.where.startsWith('table'))).toBe(true);
  });

  it('finds base64 at each of the three byte alignments, and upper-case hex', () => {
    const s = secret('aligned');
    const bytes = Buffer.from(s.hex, 'hex');
    for (const k of [0, 1, 2]) {
      const text = Buffer.concat([randomBytes(k), bytes, randomBytes(2)]).toString('base64');
      expect(findKeyMaterial([s], [{ where: `offset ${k}`, text }])).not.toEqual([]);
    }
    expect(findKeyMaterial([s], [{ where: 'upper', text: s.hex.toUpperCase() }])).not.toEqual([]);
    expect(needlesOf(s).map((n) => n.encoding)).toContain('raw');
  });
});
