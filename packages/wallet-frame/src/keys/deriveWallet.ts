import { HDKey } from '@scure/bip32';
import { entropyToMnemonic, mnemonicToSeed } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { bytesToHex, type Hex, type LocalAccount } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/** The BIP-44 path of the first Ethereum account. */
export const ETHEREUM_DERIVATION_PATH = "m/44'/60'/0'/0/0";

/** Bytes of wallet entropy (a 24-word mnemonic). */
export const ENTROPY_BYTES = 32;

/** A wallet unlocked inside the frame. Never leaves the frame. */
export interface DerivedWallet {
  address: `0x${string}`;
  account: LocalAccount;
  /** Only the frame's own export page may show this. */
  privateKey: Hex;
}

/** Fresh wallet entropy from the frame's CSPRNG. */
export function generateEntropy(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(ENTROPY_BYTES));
}

/** Derives the wallet (BIP-39 mnemonic → BIP-32 m/44'/60'/0'/0/0) from 32 bytes of entropy. */
export async function deriveWallet(entropy: Uint8Array): Promise<DerivedWallet> {
  const mnemonic = entropyToMnemonic(entropy, wordlist);
  const seed = await mnemonicToSeed(mnemonic);
  const node = HDKey.fromMasterSeed(seed).derive(ETHEREUM_DERIVATION_PATH);
  seed.fill(0);
  if (!node.privateKey) throw new Error('BIP-32 derivation produced no private key');
  const privateKey = bytesToHex(node.privateKey);
  node.wipePrivateData();
  const account = privateKeyToAccount(privateKey);
  return { address: account.address, account, privateKey };
}
