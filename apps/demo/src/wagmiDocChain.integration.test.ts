import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createPublicClient, http, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/freePort.mjs';
import { waitForChain } from '../../../scripts/localChain.mjs';

const ROOT = join(import.meta.dirname, '../../..');
const doc = readFileSync(join(ROOT, 'docs/wagmi.md'), 'utf8');
const block = (lang: string, first: string) =>
  [...doc.matchAll(new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``, 'g'))]
    .map((match) => match[1] ?? '')
    .find((text) => text.startsWith(first)) ?? '';

// docs/wagmi.md's "A local chain": `npx anvil` and fund.mjs run as written, on a free port instead of 8545
// (another anvil may hold it) — the one substitution, made in both.
describe('docs/wagmi.md: a local chain', () => {
  let anvil: ChildProcess;
  let url: string;
  let work: string;

  beforeAll(async () => {
    const commands = block('sh', 'npm install -D @foundry-rs/anvil').trim().split('\n');
    expect(commands).toEqual(['npm install -D @foundry-rs/anvil', 'npx anvil']);
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    // @foundry-rs/anvil is installed in this repository: the doc's second line, with the port.
    anvil = spawn('npx', ['anvil', '--port', String(port), '--silent'], { cwd: ROOT, stdio: 'ignore', detached: true });
    await waitForChain(url, foundry.id, anvil, 60_000);
    // Inside the repository, so the script finds viem as a host app's would in its node_modules.
    work = mkdtempSync(join(ROOT, 'node_modules', '.wagmi-doc-'));
  }, 90_000);

  afterAll(() => {
    // npx's child is anvil itself: end the group this test started.
    if (anvil?.pid) process.kill(-anvil.pid, 'SIGTERM');
    if (work) rmSync(work, { recursive: true, force: true });
  });

  it("anvil serves viem's foundry chain, and fund.mjs sends 1 ETH to a new wallet", async () => {
    const script = block('js', '// fund.mjs');
    expect(script).toContain('transport: http()');
    writeFileSync(join(work, 'fund.mjs'), script.replace('transport: http()', `transport: http('${url}')`));
    const wallet = privateKeyToAccount(generatePrivateKey()).address;
    const { stdout } = await promisify(execFile)(process.execPath, ['fund.mjs', wallet], { cwd: work });
    const hash = stdout.match(/^sent 1 ETH: (0x[0-9a-f]{64})\n$/)?.[1] as `0x${string}` | undefined;
    expect(hash).toBeDefined();
    const chain = createPublicClient({ chain: foundry, transport: http(url) });
    // The script prints the hash once anvil took the transaction, not once it is mined (a busy machine read 0).
    expect((await chain.waitForTransactionReceipt({ hash: hash as `0x${string}` })).status).toBe('success');
    expect(await chain.getBalance({ address: wallet })).toBe(parseEther('1'));
  });
});
