// Type-only checks, run by `npm run typecheck` (this file is never executed): LatchProviderProps takes a ready
// `latch`, or the createLatch options, but never options beside a `latch` (they would be silently ignored).
import type { Latch } from '@latch/core';
import type { LatchProviderProps } from './LatchProvider.js';

declare const latch: Latch;

export const withLatch: LatchProviderProps = { latch, locale: 'es' };
export const withOptions: LatchProviderProps = { appId: 'a'.repeat(25), clientId: 'c', apiUrl: 'https://auth.example' };
// @ts-expect-error an option beside `latch` is refused
export const optionBesideLatch: LatchProviderProps = { latch, appId: 'a'.repeat(25) };
// @ts-expect-error a host callback beside `latch` is refused too (set it on createLatch)
export const callbackBesideLatch: LatchProviderProps = { latch, onLoginComplete: () => undefined };
