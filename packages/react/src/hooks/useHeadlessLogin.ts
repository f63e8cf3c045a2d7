import { finishHeadlessLogin, type HeadlessDeps, type HeadlessState, type LoginResult } from '@latch/core';
import { useRef, useState, useSyncExternalStore } from 'react';
import { useLatchContext } from './index.js';

/** What a headless login hook calls back with. */
export interface HeadlessLoginCallbacks {
  /** The login succeeded (and the embedded wallet, when the app makes one on login, exists). */
  onComplete?(result: LoginResult): void;
  /** A step failed; the same error rejects the call and is `state.error`. */
  onError?(error: Error): void;
}

/** A headless login as core makes it: its state store plus its own calls. */
type Observable = {
  getState(): HeadlessState<string>;
  subscribe(listener: () => void): () => void;
};

/**
 * Makes one headless login (core's `create…Login`) for this component, binds its state, and wraps a call so that
 * the latest callbacks hear how it ended. The steps and their rules are core's.
 */
export function useHeadlessLogin<L extends Observable>(
  create: (deps: HeadlessDeps) => L,
  callbacks: HeadlessLoginCallbacks,
): { login: L; state: ReturnType<L['getState']>; report<T>(call: Promise<T>, completes?: boolean): Promise<T> } {
  const { latch } = useLatchContext();
  // After a login: the modal's own after-login steps (embedded wallet on login, onLoginComplete), from core.
  const [login] = useState(() =>
    create({
      client: latch.client,
      completeLogin: (result) => finishHeadlessLogin(latch.client, latch.hostHandlers(), result),
    }),
  );
  const state = useSyncExternalStore(login.subscribe, login.getState, login.getState) as ReturnType<L['getState']>;
  const latest = useRef(callbacks);
  latest.current = callbacks;
  const report = async <T>(call: Promise<T>, completes = false): Promise<T> => {
    try {
      const value = await call;
      if (completes) latest.current.onComplete?.(value as LoginResult);
      return value;
    } catch (error) {
      latest.current.onError?.(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
  };
  return { login, state, report };
}
