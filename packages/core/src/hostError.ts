// Loaded on a host call's first failure (latch.reportError): none of it is in the host page's initial JavaScript.
import { type ErrorCode, type HostErrorEvent, LatchError } from '@latch/protocol';

// Space-separated so the check stays one short string.
const EVENTS =
  ' must_be_authenticated embedded_wallet_not_found unknown_embedded_wallet_error transaction_failure unable_to_sign' +
  ' unknown_connect_wallet_error generic_connect_wallet_error user_exited_set_password_flow' +
  ' embedded_wallet_recovery_already_exists failed_to_link_account unknown_auth_error invalid_message' +
  ' unsupported_chain_id cannot_link_more_of_type exited_auth_flow exited_link_flow ';

/** True when `code` is one of SPEC §8's host events. */
export function isHostErrorEvent(code: unknown): code is HostErrorEvent {
  return typeof code === 'string' && /^\w+$/.test(code) && EVENTS.includes(` ${code} `);
}

/** SPEC §8 host events a failed call falls back to when its own code is not one of them. */
export type HostErrorFallback = Extract<
  HostErrorEvent,
  | 'unknown_embedded_wallet_error'
  | 'transaction_failure'
  | 'unable_to_sign'
  | 'unknown_connect_wallet_error'
  | 'generic_connect_wallet_error'
  | 'failed_to_link_account'
  | 'unknown_auth_error'
>;

/** A failure as the host hears it: SPEC §8's event code, the finer catalogue code in `reason`, the original as `cause`. */
export class HostError extends LatchError {
  override name = 'HostError';
  /** The finer catalogue code behind the event (e.g. transaction_reverted under transaction_failure); null: none. */
  readonly reason: ErrorCode | null;
  constructor(code: HostErrorFallback, reason: ErrorCode | null, message: string | undefined, cause: unknown) {
    super(code, message, { cause });
    this.reason = reason;
  }
}

/** The event a host hears for `error` (the user's exit from the set-password flow included), or null for none. */
export function hostEventOf(error: unknown): HostErrorEvent | null {
  if (!(error instanceof LatchError)) return null;
  if (isHostErrorEvent(error.message)) return error.message;
  return isHostErrorEvent(error.code) ? error.code : null;
}

/**
 * The error a host's promise rejects with: `error` itself when it already is a host event (or a code in `keep`,
 * a caller's mistake the call names), else a HostError with `fallback` as its code and the finer code as `reason`.
 */
export function toHostError(error: unknown, fallback: HostErrorFallback, keep: readonly ErrorCode[] = []): LatchError {
  if (error instanceof LatchError && (hostEventOf(error) || keep.includes(error.code))) return error;
  return new HostError(fallback, reasonOf(error, fallback), error instanceof Error ? error.message : undefined, error);
}

/** The catalogue code behind an error: its own, or an EIP-1193 one's (4001 the user's rejection, -32603 a failed send). */
function reasonOf(error: unknown, fallback: HostErrorFallback): ErrorCode | null {
  if (error instanceof LatchError) return error.code;
  const rpc = (error as { code?: unknown } | null)?.code;
  if (rpc === 4001) return 'approval_rejected';
  if (rpc === -32603) return fallback === 'transaction_failure' ? 'transaction_failed' : 'internal_error';
  return null;
}
