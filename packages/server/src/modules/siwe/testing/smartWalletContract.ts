import { createRequire } from 'node:module';

/** A minimal EIP-1271 smart wallet: a signature is valid when its ECDSA signer is the owner. */
const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract OwnedSmartWallet {
    address public immutable owner;

    constructor(address initialOwner) {
        owner = initialOwner;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        return ecrecover(hash, v, r, s) == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }
}
`;

/** The compiled contract: ABI and creation bytecode. */
interface CompiledContract {
  abi: readonly unknown[];
  bytecode: `0x${string}`;
}

/** Compiles the test smart wallet with solc-js (the npm `solc` package; no download). */
export function compileSmartWallet(): CompiledContract {
  const require = createRequire(import.meta.url);
  // solc ships CommonJS without types for its compile entry.
  const solc = require('solc') as { compile(input: string): string };
  const output = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'OwnedSmartWallet.sol': { content: SOURCE } },
        settings: { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
      }),
    ),
  ) as {
    errors?: Array<{ severity: string; formattedMessage: string }>;
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const errors = output.errors?.filter((e) => e.severity === 'error') ?? [];
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const contract = output.contracts['OwnedSmartWallet.sol']!.OwnedSmartWallet!;
  return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
}
