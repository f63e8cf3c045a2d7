import { type DerivedWallet, deriveWallet, generateEntropy } from './deriveWallet.js';
import { type ShareSet, splitEntropy } from './splitEntropy.js';

/** A new wallet: its address and account plus its 2-of-3 share set. */
export interface NewWalletKeys {
  wallet: DerivedWallet;
  shareSet: ShareSet;
}

/** Generates entropy, derives the wallet and splits the entropy into device, auth and recovery shares. */
export async function createWalletKeys(walletId: string = crypto.randomUUID()): Promise<NewWalletKeys> {
  const entropy = generateEntropy();
  try {
    const wallet = await deriveWallet(entropy);
    const shareSet = await splitEntropy(entropy, walletId);
    return { wallet, shareSet };
  } finally {
    entropy.fill(0);
  }
}
