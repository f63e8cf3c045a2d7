import { createLatch, type Latch, type LatchOptions } from '@latch/core';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { ExportWalletDialog } from './dialogs/ExportWalletDialog.js';
import { FundingDialog } from './dialogs/FundingDialog.js';
import { ImportWalletDialog } from './dialogs/ImportWalletDialog.js';
import { LoginDialog } from './dialogs/LoginDialog.js';
import { MfaDialogs } from './dialogs/MfaDialogs.js';
import { SendTransactionDialog } from './dialogs/SendTransactionDialog.js';
import { SignRequestDialog } from './dialogs/SignRequestDialog.js';
import { WalletFlowDialog } from './dialogs/WalletFlowDialog.js';
import { supportedLocale } from './hooks/supportedLocale.js';
import { type LatchLocale, useLocaleTexts } from './hooks/useLocaleTexts.js';
import { LatchContext, type LatchContextValue } from './LatchContext.js';
import { en, type StringCatalogue } from './strings/en.js';

/** No createLatch option: beside a ready `latch` they would be ignored, so the type refuses them. */
type NoLatchOptions = { [K in keyof LatchOptions]?: never };

/** Props of <LatchProvider>: a `latch` made with `createLatch` (and no options beside it), or the options to make one. */
export type LatchProviderProps = ((LatchOptions & { latch?: never }) | ({ latch: Latch } & NoLatchOptions)) & {
  /** The widget's language: 'en' (default) or 'es'; a second locale loads when the provider mounts with it. */
  locale?: LatchLocale;
  /** Text overrides (ICU messages) on top of the locale's: any key of the string catalogue, wallet texts included. */
  strings?: Partial<StringCatalogue>;
  children?: ReactNode;
};

/** Renders Latch: binds one `createLatch` runtime (made once) and mounts the modal beside the host's tree. */
export function LatchProvider(props: LatchProviderProps): ReactNode {
  const given = props.latch ?? null;
  const [latch] = useState(() => given ?? createLatch(props as LatchOptions));
  // The latest callbacks, read when a flow ends.
  if (!given) latch.setOptions(props as LatchOptions);
  // React's StrictMode unmounts and remounts effects at once: destroy only if no remount follows.
  const pendingDestroy = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => {
    if (pendingDestroy.current !== null) clearTimeout(pendingDestroy.current);
    const stop = latch.start();
    return () => {
      stop();
      pendingDestroy.current = setTimeout(() => given || latch.destroy(), 0);
    };
  }, [latch, given]);
  const [embeds] = useState(() => ({ current: 0 }));
  const locale = supportedLocale(props.locale);
  const texts = useLocaleTexts(locale, props.strings);
  const value = useMemo<LatchContextValue>(
    () => ({ latch, ...latch, runner: latch.auth, strings: texts ?? en, locale, embeds }),
    [latch, texts, locale, embeds],
  );
  // Until the asked-for locale has loaded, the modal waits (it opens once texts are there, never in English first).
  if (!texts) return <LatchContext.Provider value={value}>{props.children}</LatchContext.Provider>;
  return (
    <LatchContext.Provider value={value}>
      {props.children}
      <LoginDialog />
      <SignRequestDialog />
      <SendTransactionDialog />
      {/* After the send screen: 'Add Funds' opens it on top. */}
      <FundingDialog />
      <WalletFlowDialog />
      <ExportWalletDialog />
      <ImportWalletDialog />
      {/* Last: the prompt opens over any wallet dialog. */}
      <MfaDialogs />
    </LatchContext.Provider>
  );
}
