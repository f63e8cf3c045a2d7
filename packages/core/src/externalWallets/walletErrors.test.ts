import { LatchError } from '@latch/protocol';
import { describe, expect, it } from 'vitest';
import { WalletProviderError } from './eip1193.js';
import { WALLET_PROVIDER_CODES, WALLET_TEXT, walletErrorView } from './walletErrors.js';
import { WalletTimeoutError } from './withTimeout.js';

const provider = (code: number) => new WalletProviderError(code, `provider said ${code}`);

describe('walletErrorView (SPEC §8 "Wallet connection")', () => {
  it('uses the SPEC texts word for word', () => {
    expect(WALLET_TEXT).toMatchObject({
      timedOut: 'wallet request timed out',
      couldNotLogIn: 'could not log in with wallet',
      rejected: 'you rejected the request',
      signatureRejected: 'signature rejected (please try signing again)',
      alreadyPending: 'connection request already pending',
      mightBeLocked: 'wallet might be locked',
      unableToConnect: 'Unable to connect to wallet.',
      retriesExhausted: 'Unable to connect wallet',
      useDifferentWallet: 'Use a different wallet',
    });
  });

  it('covers exactly the provider codes SPEC lists: 4001, 4100, 4200, 4900, 4901 and -32700 to -32006', () => {
    for (const code of WALLET_PROVIDER_CODES) {
      expect(walletErrorView(new WalletProviderError(code, 'x'), 'connect').kind).not.toBe('generic');
    }
    expect(WALLET_PROVIDER_CODES).toEqual([
      4901, 4900, 4200, 4100, 4001, -32000, -32001, -32002, -32003, -32004, -32005, -32006, -32600, -32601, -32602,
      -32603, -32700,
    ]);
  });

  it('maps each provider code to its text, detail and retryability', () => {
    const table = Object.fromEntries(
      WALLET_PROVIDER_CODES.map((code) => {
        const { kind, text, detail, retryable } = walletErrorView(provider(code), 'connect');
        return [code, [kind, text, detail, retryable]];
      }),
    );
    expect(table).toEqual({
      4001: ['user_rejected', 'you rejected the request', null, true],
      4100: [
        'detailed',
        'wallet might be locked',
        'The requested method and/or account has not been authorized by the user.',
        true,
      ],
      4200: ['detailed', 'Unable to connect to wallet.', 'The Provider does not support the requested method.', false],
      4900: ['detailed', 'Unable to connect to wallet.', 'The Provider is disconnected from all chains.', true],
      4901: ['detailed', 'Unable to connect to wallet.', 'The Provider is not connected to the requested chain.', true],
      [-32700]: ['detailed', 'Unable to connect to wallet.', 'Invalid JSON.', false],
      [-32600]: ['detailed', 'Unable to connect to wallet.', 'JSON is not a valid request object.', false],
      [-32601]: ['detailed', 'Unable to connect to wallet.', 'Method does not exist.', false],
      [-32602]: ['detailed', 'Unable to connect to wallet.', 'Invalid method parameters.', false],
      [-32603]: ['detailed', 'Unable to connect to wallet.', 'Internal JSON-RPC error.', true],
      [-32000]: ['detailed', 'Unable to connect to wallet.', 'Missing or invalid parameters.', true],
      [-32001]: ['detailed', 'Unable to connect to wallet.', 'Requested resource not found.', true],
      [-32002]: ['detailed', 'connection request already pending', 'Requested resource not available.', true],
      [-32003]: ['detailed', 'Unable to connect to wallet.', 'Transaction creation failed.', true],
      [-32004]: ['detailed', 'Unable to connect to wallet.', 'Method is not implemented.', false],
      [-32005]: ['detailed', 'Unable to connect to wallet.', 'Request exceeds defined limit.', true],
      [-32006]: ['detailed', 'Unable to connect to wallet.', 'Version of JSON-RPC protocol is not supported.', false],
    });
  });

  it('says signature rejected when the user refuses to sign, and plain rejection when refusing to connect', () => {
    expect(walletErrorView(provider(4001), 'sign').text).toBe('signature rejected (please try signing again)');
    expect(walletErrorView({ code: 4001, message: 'User rejected' }, 'connect').text).toBe('you rejected the request');
  });

  it('maps timeouts (wallet and HTTP) to wallet request timed out', () => {
    expect(walletErrorView(new WalletTimeoutError('request', 120_000), 'sign')).toMatchObject({
      kind: 'timed_out',
      text: 'wallet request timed out',
      retryable: true,
    });
    expect(walletErrorView(new LatchError('client_request_timeout'), 'login').kind).toBe('timed_out');
  });

  it('offers a different wallet for linked_to_another_user, and redirects allowlist and user-limit refusals', () => {
    expect(walletErrorView(new LatchError('linked_to_another_user'), 'login')).toMatchObject({
      kind: 'linked_to_another_user',
      text: 'This account has already been linked to another user.',
      cta: 'Use a different wallet',
      retryable: false,
    });
    expect(walletErrorView(new LatchError('allowlist_rejected'), 'login')).toMatchObject({
      redirect: 'ALLOWLIST_REJECTION_SCREEN',
      retryable: false,
    });
    expect(walletErrorView(new LatchError('max_accounts_reached'), 'login').redirect).toBe('USER_LIMIT_REACHED_SCREEN');
  });

  it('falls back to could not log in (server refusals) and Unable to connect to wallet (anything else)', () => {
    expect(walletErrorView(new LatchError('invalid_credentials'), 'login')).toMatchObject({
      kind: 'generic',
      text: 'could not log in with wallet',
      code: 'invalid_credentials',
      retryable: true,
    });
    expect(walletErrorView(new Error('boom'), 'connect')).toMatchObject({
      kind: 'generic',
      text: 'Unable to connect to wallet.',
    });
    expect(walletErrorView(provider(1234), 'sign').text).toBe('Unable to connect to wallet.');
  });
});
