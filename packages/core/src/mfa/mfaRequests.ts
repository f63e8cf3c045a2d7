import {
  type AppConfig,
  LatchError,
  type MfaAction,
  type MfaVerifyMethod,
  type User,
  type WirePasskeyAssertion,
} from '@latch/protocol';
import { createStore } from '../machine/createStore.js';
import { MFA_CANCELED_MESSAGE, type MfaErrorCode } from './mfaErrors.js';
import type { WithMfa } from './mfaGatedBridge.js';
import type { MfaRequest } from './mfaRequest.js';
import { mfaRequiredFor } from './mfaRequiredFor.js';

/** The published MFA request and the gate the wallet actions go through. */
interface MfaRequests {
  getRequest(): MfaRequest | null;
  subscribe(listener: () => void): () => void;
  /** Publishes a request for `action` and resolves once it is verified (requests run one at a time). */
  requestVerification(action: MfaAction): Promise<void>;
  /** Verifies the published request (or request `id`) with a code or a passkey assertion; throws when refused. */
  submit(method: MfaVerifyMethod, proof: string | WirePasskeyAssertion, id?: number): Promise<void>;
  /** Ends the published request (or request `id`) unverified: its action fails ('MFA canceled' by default). */
  cancel(error?: MfaErrorCode, id?: number): void;
  /** The user changed: a request waiting for a first enrolment now lists the new methods. */
  refresh(): void;
  /** SPEC §3 "MFA verification": verify first when required, and once more when the frame or server refuses. */
  withMfa: WithMfa;
  /** Logout or destroy: every waiting action fails with 'MFA canceled'. */
  reset(): void;
}

const CATALOGUE_FAILURES = new Set<MfaErrorCode>([
  'mfa_verification_max_attempts_reached',
  'mfa_timeout',
  'passkey_not_allowed',
  'too_many_requests',
]);

/** The error a waiting action fails with: SPEC §8's 'MFA canceled' client error, or the blocking code. */
function mfaFailure(error: MfaErrorCode): LatchError {
  if (CATALOGUE_FAILURES.has(error)) return new LatchError(error as 'mfa_timeout');
  if (error === 'mfa_canceled') return new LatchError('missing_or_invalid_mfa', MFA_CANCELED_MESSAGE);
  return new LatchError('missing_or_invalid_mfa');
}

/** True for a frame or server refusal for want of a verification (not the user's own cancel). */
export const isMfaRefusal = (error: unknown): boolean =>
  error instanceof LatchError && error.code === 'missing_or_invalid_mfa' && error.message !== MFA_CANCELED_MESSAGE;

interface Waiting {
  action: MfaAction;
  resolve(): void;
  reject(error: unknown): void;
}

/** Builds the request queue over the frame's verify call. */
export function createMfaRequests(deps: {
  getUser(): User | null;
  getConfig(): AppConfig | null;
  /** `latch:mfa:verify` for `action`. */
  verify(action: MfaAction, method: MfaVerifyMethod, proof: string | WirePasskeyAssertion): Promise<unknown>;
  /** Reloads the user (its methods may have changed in another tab). */
  refreshUser?(): Promise<unknown>;
}): MfaRequests {
  const store = createStore<MfaRequest | null>(null);
  const queue: Waiting[] = [];
  let current: (Waiting & { request: MfaRequest }) | null = null;
  let nextId = 0;

  const publishNext = () => {
    if (current) return;
    const next = queue.shift();
    if (!next) return store.set(null);
    const methods = [...(deps.getUser()?.mfaMethods ?? [])];
    current = {
      ...next,
      request: { id: ++nextId, action: next.action, methods, needsEnrollment: methods.length === 0 },
    };
    store.set(current.request);
  };
  const settle = (outcome: (waiting: Waiting) => void) => {
    const done = current;
    current = null;
    if (done) outcome(done);
    publishNext();
  };
  const isCurrent = (id?: number) => current !== null && (id === undefined || current.request.id === id);

  const requestVerification = (action: MfaAction) => {
    if (!deps.getUser()) return Promise.reject(new LatchError('must_be_authenticated'));
    return new Promise<void>((resolve, reject) => {
      queue.push({ action, resolve, reject });
      publishNext();
    });
  };

  return {
    getRequest: store.get,
    subscribe: store.subscribe,
    requestVerification,
    async submit(method, proof, id) {
      const waiting = current;
      if (!waiting || !isCurrent(id)) throw new LatchError('missing_or_invalid_mfa', 'No MFA verification is pending.');
      await deps.verify(waiting.request.action, method, proof);
      if (current === waiting) settle((w) => w.resolve());
    },
    cancel(error = 'mfa_canceled', id) {
      if (isCurrent(id)) settle((w) => w.reject(mfaFailure(error)));
    },
    refresh() {
      const methods = deps.getUser()?.mfaMethods ?? [];
      if (!current?.request.needsEnrollment || methods.length === 0) return;
      current.request = { ...current.request, methods: [...methods], needsEnrollment: false };
      store.set(current.request);
    },
    async withMfa(action, run) {
      if (mfaRequiredFor(action, deps.getUser(), deps.getConfig())) await requestVerification(action);
      try {
        return await run();
      } catch (error) {
        // Another tab enrolled, or the verification expired: verify (with the user's methods now) and try once more.
        if (!isMfaRefusal(error)) throw error;
        await deps.refreshUser?.().catch(() => undefined);
        await requestVerification(action);
        return run();
      }
    },
    reset() {
      const waiting = [...(current ? [current] : []), ...queue.splice(0)];
      current = null;
      store.set(null);
      for (const w of waiting) w.reject(mfaFailure('mfa_canceled'));
    },
  };
}
