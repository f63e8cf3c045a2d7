import { type ErrorRedirect, errorRedirect, LatchError } from '@latch/protocol';
import { isProviderRpcError } from './eip1193Guards.js';
import { WalletTimeoutError } from './withTimeout.js';

/** The wallet texts of SPEC §8 "Wallet connection", word for word. */
export const WALLET_TEXT = {
  timedOut: 'wallet request timed out',
  couldNotLogIn: 'could not log in with wallet',
  rejected: 'you rejected the request',
  signatureRejected: 'signature rejected (please try signing again)',
  alreadyPending: 'connection request already pending',
  mightBeLocked: 'wallet might be locked',
  unableToConnect: 'Unable to connect to wallet.',
  /** After the retries are used up (SPEC §4 "Wallet connection"). */
  retriesExhausted: 'Unable to connect wallet',
  linkedToAnotherUser: 'This account has already been linked to another user.',
  useDifferentWallet: 'Use a different wallet',
} as const;

/** The kinds SPEC §8 maps wallet errors to. */
export type WalletErrorKind = 'linked_to_another_user' | 'timed_out' | 'user_rejected' | 'detailed' | 'generic';

/** What the connection screen shows for a wallet error. */
export interface WalletErrorView {
  kind: WalletErrorKind;
  /** The SPEC text. */
  text: string;
  /** For detailed errors: what the standard says the provider code means. */
  detail: string | null;
  /** The provider code (EIP-1193 / EIP-1474) or catalogue code behind the error. */
  code: number | string | null;
  /** Whether Retry is offered (SPEC §2 "Connection result"). */
  retryable: boolean;
  /** 'Use a different wallet' for a wallet another user owns. */
  cta: string | null;
  /** The allowlist or user-limit screen instead of the result screen (SPEC §8). */
  redirect: ErrorRedirect | null;
}

/** Where the error happened: connecting, signing the sign-in message, or the server's login answer. */
export type WalletStep = 'connect' | 'sign' | 'login';

interface CodeRule {
  text: string;
  detail: string;
  retryable: boolean;
}

/**
 * EIP-1193 provider codes and EIP-1474 JSON-RPC codes; the detail is the code's standard meaning, worded
 * as wallets word it (@metamask/rpc-errors: -32004 is 'Method is not implemented.'). Built on
 * first use: a module-level table of WALLET_TEXT reads would stay in every bundle, used or not.
 */
const providerCodes = (): Record<number, CodeRule> => ({
  4100: {
    text: WALLET_TEXT.mightBeLocked,
    detail: 'The requested method and/or account has not been authorized by the user.',
    retryable: true,
  },
  4200: {
    text: WALLET_TEXT.unableToConnect,
    detail: 'The Provider does not support the requested method.',
    retryable: false,
  },
  4900: { text: WALLET_TEXT.unableToConnect, detail: 'The Provider is disconnected from all chains.', retryable: true },
  4901: {
    text: WALLET_TEXT.unableToConnect,
    detail: 'The Provider is not connected to the requested chain.',
    retryable: true,
  },
  [-32700]: { text: WALLET_TEXT.unableToConnect, detail: 'Invalid JSON.', retryable: false },
  [-32600]: { text: WALLET_TEXT.unableToConnect, detail: 'JSON is not a valid request object.', retryable: false },
  [-32601]: { text: WALLET_TEXT.unableToConnect, detail: 'Method does not exist.', retryable: false },
  [-32602]: { text: WALLET_TEXT.unableToConnect, detail: 'Invalid method parameters.', retryable: false },
  [-32603]: { text: WALLET_TEXT.unableToConnect, detail: 'Internal JSON-RPC error.', retryable: true },
  [-32000]: { text: WALLET_TEXT.unableToConnect, detail: 'Missing or invalid parameters.', retryable: true },
  [-32001]: { text: WALLET_TEXT.unableToConnect, detail: 'Requested resource not found.', retryable: true },
  [-32002]: { text: WALLET_TEXT.alreadyPending, detail: 'Requested resource not available.', retryable: true },
  [-32003]: { text: WALLET_TEXT.unableToConnect, detail: 'Transaction creation failed.', retryable: true },
  [-32004]: { text: WALLET_TEXT.unableToConnect, detail: 'Method is not implemented.', retryable: false },
  [-32005]: { text: WALLET_TEXT.unableToConnect, detail: 'Request exceeds defined limit.', retryable: true },
  [-32006]: {
    text: WALLET_TEXT.unableToConnect,
    detail: 'Version of JSON-RPC protocol is not supported.',
    retryable: false,
  },
});

/** The provider codes SPEC §8 lists: 4001, 4100, 4200, 4900, 4901 and -32700 to -32006 (a literal, so bundlers can drop it). */
export const WALLET_PROVIDER_CODES: readonly number[] = [
  4901, 4900, 4200, 4100, 4001, -32000, -32001, -32002, -32003, -32004, -32005, -32006, -32600, -32601, -32602, -32603,
  -32700,
];

const view = (fields: Partial<WalletErrorView> & Pick<WalletErrorView, 'kind' | 'text'>): WalletErrorView => ({
  detail: null,
  code: null,
  retryable: true,
  cta: null,
  redirect: null,
  ...fields,
});

/** Maps anything a wallet or the server threw during `step` to what SPEC §8 shows for it. */
export function walletErrorView(error: unknown, step: WalletStep): WalletErrorView {
  if (error instanceof WalletTimeoutError) return view({ kind: 'timed_out', text: WALLET_TEXT.timedOut });
  if (error instanceof LatchError) {
    if (error.code === 'client_request_timeout') return view({ kind: 'timed_out', text: WALLET_TEXT.timedOut });
    if (error.code === 'linked_to_another_user') {
      return view({
        kind: 'linked_to_another_user',
        text: WALLET_TEXT.linkedToAnotherUser,
        code: error.code,
        retryable: false,
        cta: WALLET_TEXT.useDifferentWallet,
      });
    }
    const redirect = errorRedirect(error.code) ?? null;
    return view({
      kind: 'generic',
      text: WALLET_TEXT.couldNotLogIn,
      detail: error.message,
      code: error.code,
      retryable: redirect === null,
      redirect,
    });
  }
  if (isProviderRpcError(error)) {
    if (error.code === 4001) {
      const text = step === 'sign' ? WALLET_TEXT.signatureRejected : WALLET_TEXT.rejected;
      return view({ kind: 'user_rejected', text, code: 4001 });
    }
    const rule = providerCodes()[error.code];
    if (rule) return view({ kind: 'detailed', code: error.code, ...rule });
  }
  return view({ kind: 'generic', text: step === 'login' ? WALLET_TEXT.couldNotLogIn : WALLET_TEXT.unableToConnect });
}
