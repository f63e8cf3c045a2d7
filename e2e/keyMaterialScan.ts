// Scans the e2e database for plaintext key material: every wallet flow records the secrets it knows
// (private keys, entropy, mnemonics, shares) and the global teardown looks for them in a dump of
// every table and in the raw files of the PGlite data directory.
import { appendFileSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { closePglite } from '@latch/server/testing';

/** One secret a flow knows, by label (never printed whole). */
export interface KnownSecret {
  label: string;
  /** The secret's bytes as hex (no 0x). */
  hex: string;
}

/** Where a secret was found. */
export interface Finding {
  label: string;
  encoding: string;
  where: string;
}

/** Appends secrets to the run's key-material file (JSON lines). */
export function recordKeyMaterial(file: string, secrets: KnownSecret[]): void {
  appendFileSync(file, secrets.map((s) => `${JSON.stringify(s)}\n`).join(''));
}

/** The secrets recorded so far in the run's key-material file. */
export function readKeyMaterial(file: string): KnownSecret[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as KnownSecret);
}

// base64 of `bytes` as it appears inside a longer base64 text that holds them at any byte offset:
// for each of the 3 alignments, only the characters made of the secret's bits alone.
function base64Runs(bytes: Buffer, url: boolean): string[] {
  const runs: string[] = [];
  for (let k = 0; k < 3; k++) {
    const padded = Buffer.concat([Buffer.alloc(k), bytes]);
    const encoded = padded.toString(url ? 'base64url' : 'base64');
    runs.push(encoded.slice(Math.ceil((8 * k) / 6), Math.floor((8 * (k + bytes.length)) / 6)));
  }
  return runs;
}

/** Every text form a secret could take in storage: hex (both cases), base64, base64url (any offset), and the raw bytes. */
export function needlesOf(secret: KnownSecret): Array<{ encoding: string; text?: string; bytes?: Buffer }> {
  const bytes = Buffer.from(secret.hex, 'hex');
  const needles: Array<{ encoding: string; text?: string; bytes?: Buffer }> = [
    { encoding: 'hex', text: secret.hex.toLowerCase() },
    { encoding: 'HEX', text: secret.hex.toUpperCase() },
    ...base64Runs(bytes, false).map((text) => ({ encoding: 'base64', text })),
    ...base64Runs(bytes, true).map((text) => ({ encoding: 'base64url', text })),
    { encoding: 'raw', bytes },
  ];
  // A secret that is text (a mnemonic) is also looked for as that text.
  const asText = bytes.toString('utf8');
  if (/^[\x20-\x7e]+$/.test(asText)) needles.push({ encoding: 'text', text: asText });
  return needles;
}

/** Finds the secrets in named texts (table dumps) and named byte buffers (raw files). */
export function findKeyMaterial(
  secrets: KnownSecret[],
  haystacks: Array<{ where: string; text?: string; bytes?: Buffer }>,
): Finding[] {
  const findings: Finding[] = [];
  for (const secret of secrets) {
    for (const needle of needlesOf(secret)) {
      for (const hay of haystacks) {
        const hit =
          (needle.text !== undefined && hay.text?.includes(needle.text)) ||
          (needle.text !== undefined && hay.bytes?.includes(Buffer.from(needle.text))) ||
          (needle.bytes !== undefined && hay.bytes?.includes(needle.bytes));
        if (hit) findings.push({ label: secret.label, encoding: needle.encoding, where: hay.where });
      }
    }
  }
  return findings;
}

/** Every row of every user table of the PGlite database in `dataDir`, as text, one haystack per table. */
export async function dumpDatabase(dataDir: string): Promise<Array<{ where: string; text: string }>> {
  const db = new PGlite(dataDir);
  try {
    const tables = await db.query<{ schema: string; name: string }>(
      `SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
       WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`,
    );
    const dumps: Array<{ where: string; text: string }> = [];
    for (const { schema, name } of tables.rows) {
      const qualified = `"${schema.replaceAll('"', '""')}"."${name.replaceAll('"', '""')}"`;
      // row_to_json writes bytea as \x-hex, so raw bytes show up as hex text.
      const rows = await db.query<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM ${qualified} t`);
      dumps.push({ where: `table ${schema}.${name}`, text: rows.rows.map((r) => r.row).join('\n') });
    }
    return dumps;
  } finally {
    // This runs in vitest's own process (the suite's teardown): PGlite 0.4's close sets process.exitCode to 0,
    // which turned a failed e2e run green; the server's closePglite keeps it.
    await closePglite(db);
  }
}

/** Every file under `dir` (PGlite's pages, WAL), as bytes. */
export function rawFiles(dir: string, root = dir): Array<{ where: string; bytes: Buffer }> {
  const out: Array<{ where: string; bytes: Buffer }> = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...rawFiles(path, root));
    else out.push({ where: `file ${path.slice(root.length + 1)}`, bytes: readFileSync(path) });
  }
  return out;
}

/** The PGlite directory inside a server data dir (`<dataDir>/db`, server/src/kernel/store/db.ts), or the dir itself. */
export function databaseDir(dataDir: string): string {
  const nested = join(dataDir, 'db');
  return existsSync(join(nested, 'PG_VERSION')) ? nested : dataDir;
}

/** Scans the stopped e2e database (table dumps and raw files) for the recorded secrets. */
export async function scanDataDir(dataDir: string, secrets: KnownSecret[]): Promise<Finding[]> {
  const tables = await dumpDatabase(databaseDir(dataDir));
  // An empty dump means the wrong directory, and a scan that could never find anything.
  if (!tables.some((t) => t.text.length > 0)) throw new Error(`No data in the database under ${dataDir}.`);
  return findKeyMaterial(secrets, [...tables, ...rawFiles(dataDir)]);
}
