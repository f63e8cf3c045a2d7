import type { FlowRunner, Latch, LatchClient, WalletsLoader } from '@latch/core';
import { createContext, useContext } from 'react';
import type { Strings } from './strings/en.js';

/** What the provider shares with hooks, the modal and the screens: the core runtime and the texts. */
export interface LatchContextValue {
  latch: Latch;
  client: LatchClient;
  /** The login / link flow (`latch.auth`). */
  runner: FlowRunner;
  /** External wallets (discovery, the wallet connection flow, the connected list), loaded on first use. */
  wallets: WalletsLoader;
  /** The texts; `en` itself only while the first asked-for locale loads (loaded texts are always a merged copy). */
  strings: Strings;
  /** The active locale ('en' or a second locale), for the plural rules of ICU texts. */
  locale: string;
  /** How many <LatchEmbed> are mounted: while one is, the flow renders there and not in the dialog. */
  embeds: { current: number };
}

/** The provider's context; null outside a LatchProvider. */
export const LatchContext = createContext<LatchContextValue | null>(null);

/** The provider's context, or a clear error when used outside one. */
export function useLatchContext(): LatchContextValue {
  const value = useContext(LatchContext);
  if (!value) throw new Error('Latch hooks must be used inside <LatchProvider>.');
  return value;
}
