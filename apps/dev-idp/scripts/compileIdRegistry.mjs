// Compiles Farcaster's IdRegistry (farcasterxyz/contracts src/IdRegistry.sol) with solc-js into
// src/farcaster/idRegistryArtifact.json, which the dev chain deploys (src/farcaster/idRegistryChain.ts).
// Run once by hand when the contract is updated; the artifact is committed so tests and the stack need
// neither the Solidity sources nor a compile:
//
//   node apps/dev-idp/scripts/compileIdRegistry.mjs <contracts checkout> <commit> <@openzeppelin/contracts 4.9.x dir> <@openzeppelin/contracts 5.0.x dir>
//
// The contracts repo maps `openzeppelin/` to its OpenZeppelin 4.9 submodule and `openzeppelin-latest/` to a
// 5.x one (foundry.toml remappings); the npm releases of those lines stand in for the submodules.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const [contractsDir, commit, oz4, oz5] = process.argv.slice(2);
if (!contractsDir || !commit || !oz4 || !oz5) {
  console.error('usage: compileIdRegistry.mjs <contracts dir> <commit> <oz 4.9 dir> <oz 5 dir>');
  process.exit(2);
}
const require = createRequire(import.meta.url);
const solc = require('solc');

/** Resolves an import the way foundry.toml's remappings do. */
function findImport(path) {
  const candidates = path.startsWith('openzeppelin-latest/contracts/')
    ? [join(oz5, path.slice('openzeppelin-latest/contracts/'.length))]
    : path.startsWith('openzeppelin/contracts/')
      ? [join(oz4, path.slice('openzeppelin/contracts/'.length))]
      : [join(contractsDir, path)];
  for (const file of candidates) {
    try {
      return { contents: readFileSync(file, 'utf8') };
    } catch {}
  }
  return { error: `not found: ${path}` };
}

// foundry.toml's settings, except the compiler version (the solc-js of this repo).
const settings = {
  optimizer: { enabled: true, runs: 100_000 },
  evmVersion: 'cancun',
  metadata: { bytecodeHash: 'none' },
  outputSelection: { 'src/IdRegistry.sol': { IdRegistry: ['abi', 'evm.bytecode.object'] } },
};
const input = {
  language: 'Solidity',
  sources: { 'src/IdRegistry.sol': { content: readFileSync(join(contractsDir, 'src/IdRegistry.sol'), 'utf8') } },
  settings,
};
const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport }));
const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
if (errors.length > 0) {
  console.error(errors.map((e) => e.formattedMessage).join('\n'));
  process.exit(1);
}
const contract = output.contracts['src/IdRegistry.sol'].IdRegistry;
const artifact = {
  source: `farcasterxyz/contracts@${commit} src/IdRegistry.sol`,
  compiler: `solc-js ${solc.version()}`,
  settings: { optimizer: settings.optimizer, evmVersion: settings.evmVersion, bytecodeHash: 'none' },
  abi: contract.abi,
  bytecode: `0x${contract.evm.bytecode.object}`,
};
const out = new URL('../src/farcaster/idRegistryArtifact.json', import.meta.url);
writeFileSync(out, `${JSON.stringify(artifact, null, 1)}\n`);
console.log(`wrote ${out.pathname}: ${artifact.bytecode.length / 2 - 1} bytes of creation code`);
