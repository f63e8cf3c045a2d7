import { LatchError } from '@latch/protocol';
import { discoverWallets } from '../externalWallets/discoverWallets.js';
import { utf8ToHex } from '../externalWallets/utf8ToHex.js';

/**
 * Signs a step-up's SIWE message with the linked wallet `address`: the page's wallets (EIP-6963, else
 * `window.ethereum`) are asked for their accounts, and the one that holds the address signs (personal_sign).
 */
export async function signWithLinkedWallet(address: string, message: string): Promise<string> {
  const discovery = discoverWallets();
  try {
    // SPEC §9: wallets have up to TIMEOUT.walletDetection to announce themselves.
    await discovery.waitFor(() => true);
    for (const wallet of discovery.wallets()) {
      const accounts = (await wallet.provider.request({ method: 'eth_requestAccounts' })) as string[];
      const account = accounts.find((a) => a.toLowerCase() === address.toLowerCase());
      if (account) {
        return (await wallet.provider.request({
          method: 'personal_sign',
          params: [utf8ToHex(message), account],
        })) as string;
      }
    }
  } finally {
    discovery.stop();
  }
  throw new LatchError('unknown_auth_error', `No wallet in this browser holds ${address}.`);
}
