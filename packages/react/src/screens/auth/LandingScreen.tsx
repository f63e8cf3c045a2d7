import { type LandingEntry, landingLayout, requestedLoginMethods, type SocialMethod } from '@latch/core';
import type { AppConfig, LoginMethod } from '@latch/protocol';
import { cloneElement, isValidElement, lazy, type ReactNode, Suspense, useState } from 'react';
import { Button } from '../../components/Button.js';
import { ConsentLine } from '../../components/ConsentLine.js';
import { EmailForm } from '../../components/EmailForm.js';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useClientState, useFlowState, useLatchContext, useStrings } from '../../hooks/index.js';
import { en } from '../../strings/en.js';
import type { ScreenProps } from '../ScreenProps.js';
import { screenGroup } from '../screenGroup.js';
import { social } from './socialChunk.js';

type View = 'main' | 'overflow' | 'wallets';

/** The header's logo: the host's <svg> or <img> element (core checked its type), else the image URL, else none. */
function logo(appearance: AppConfig['appearance'], name: string): ReactNode {
  const element = appearance.logoElement;
  if (isValidElement<{ className?: string }>(element)) return cloneElement(element, { className: 'latch-logo' });
  return appearance.logo ? <img className="latch-logo" src={appearance.logo} alt={name} /> : null;
}

// The wallet list and the wallet code it needs load after first paint, out of the initial JavaScript.
const LazyWalletList = lazy(() => import('../../components/WalletList.js'));
// So does the phone form (the country list and its input, ~1 kB): SMS login is an app's choice, the page's
// first chunk is every app's (the budget). It is preloaded as soon as the app config enables SMS
// (`preloadPhoneForm`, from LoginDialog), so the landing normally renders it at once.
const phone = screenGroup(() => import('../../components/PhoneForm.js'));
const LazyPhoneForm = phone.screen((m) => m.PhoneForm);

/** Starts loading the landing's phone form (the app enables SMS login); a failed load is retried on render. */
export function preloadPhoneForm(): void {
  phone.preload().catch(() => {});
}

/** The phone form: rendered at once when loaded (screenGroup), else lazily (its slot stays empty until it is there). */
function PhoneForm({ autoFocus }: { autoFocus?: boolean }): ReactNode {
  return (
    <Suspense fallback={null}>
      <LazyPhoneForm autoFocus={autoFocus} />
    </Suspense>
  );
}

// The OAuth and Telegram buttons (marks and texts) load with the social screens, one ~4 kB gzip chunk that
// LoginDialog preloads as soon as the app config enables one: normally there before the landing opens.
const LazySocialButton = social.screen((m) => m.SocialLoginButton);

/** A social login button, at once when its chunk is loaded; until then an empty button of the same size. */
function SocialButton({ method }: { method: SocialMethod }): ReactNode {
  return (
    <Suspense fallback={<div className="latch-button" aria-hidden="true" />}>
      <LazySocialButton method={method} />
    </Suspense>
  );
}

/** The wallet list (lazily loaded), with a spinner until it is there. */
function WalletList({ configured }: { configured: readonly string[] }): ReactNode {
  const strings = useStrings();
  return (
    <Suspense fallback={<div className="latch-spinner" role="progressbar" aria-label={strings.loading} />}>
      <LazyWalletList configured={configured} />
    </Suspense>
  );
}

/** LANDING and CONNECT_OR_CREATE: header, login message, the login methods in their layout, consent line. */
export function LandingScreen({ titleId }: ScreenProps): ReactNode {
  const { config } = useClientState();
  const { request } = useFlowState();
  const strings = useStrings();
  const [view, setView] = useState<View>('main');
  if (!config) return null;
  // login({ loginMethods }) narrows the app's methods for this opening only.
  const layout = landingLayout({
    ...config,
    loginMethods: requestedLoginMethods(config.loginMethods, request?.loginMethods),
  });
  const { appearance } = config;
  // The server's default header (SPEC §9, en's text) shows in the active locale; an app's own header as the app wrote it.
  const header =
    appearance.landingHeader === en.landingHeaderDefault ? strings.landingHeaderDefault : appearance.landingHeader;
  const overflowTitle = layout.layout === 'ordered' ? strings.moreOptions : strings.otherSocials;

  return (
    <ScreenFrame
      titleId={titleId}
      title={view === 'main' ? header : view === 'wallets' ? strings.otherWallets : overflowTitle}
      onBack={view === 'main' ? undefined : () => setView('main')}
      top={view === 'main' ? logo(appearance, config.name) : null}
    >
      {view === 'main' && appearance.loginMessage ? <p className="latch-text">{appearance.loginMessage}</p> : null}
      <div className="latch-list">
        {view === 'main' ? (
          layout.entries.map((entry) => <Entry key={entryKey(entry)} entry={entry} onOpen={setView} />)
        ) : view === 'overflow' ? (
          layout.overflowMethods.map((method) => <MethodItem key={method} method={method} collapsed />)
        ) : (
          <WalletList configured={layout.overflowWallets} />
        )}
      </div>
      <ConsentLine legal={config.legal} />
    </ScreenFrame>
  );
}

const entryKey = (entry: LandingEntry): string =>
  entry.kind === 'method' ? entry.method : entry.kind === 'wallet' ? `wallet:${entry.wallet}` : entry.kind;

function Entry({ entry, onOpen }: { entry: LandingEntry; onOpen(view: View): void }): ReactNode {
  const strings = useStrings();
  const { config } = useClientState();
  switch (entry.kind) {
    case 'method':
      // hideDirectWeb2Inputs (SPEC §3): email and SMS are 'Continue with …' buttons first, as in an overflow list.
      return <MethodItem method={entry.method} collapsed={config?.appearance.hideDirectWeb2Inputs} />;
    case 'more-options':
      return <Button onClick={() => onOpen('overflow')}>{strings.moreOptions}</Button>;
    case 'other-socials':
      return <Button onClick={() => onOpen('overflow')}>{strings.otherSocials}</Button>;
    case 'other-wallets':
      return <Button onClick={() => onOpen('wallets')}>{strings.otherWallets}</Button>;
    case 'continue-with-wallet':
      return <Button onClick={() => onOpen('wallets')}>{strings.continueWithWallet}</Button>;
    case 'passkey':
      return <PasskeyButton />;
    case 'wallet':
      return <WalletList configured={[entry.wallet]} />;
  }
}

/** 'I have a passkey': starts the passkey login (AWAITING_PASSKEY_SYSTEM_DIALOGUE). */
function PasskeyButton(): ReactNode {
  const strings = useStrings();
  const { runner } = useLatchContext();
  return (
    <Button onClick={() => runner.dispatch({ type: 'startPasskey', operation: 'login' })}>
      {strings.passkeyLogin}
    </Button>
  );
}

/**
 * Email and SMS show their inputs; in an overflow list they first show 'Continue with ...'. The OAuth
 * providers, Telegram and Farcaster are a button each (the social chunk's). Methods not built yet never reach
 * here (landingLayout shows only built ones).
 */
function MethodItem({ method, collapsed = false }: { method: LoginMethod; collapsed?: boolean }): ReactNode {
  const strings = useStrings();
  const { config } = useClientState();
  const [expanded, setExpanded] = useState(!collapsed);
  // 'wallet' as a method: the whole wallet list (the app names no wallets, or lists them in its order).
  if (method === 'wallet') return <WalletList configured={config?.appearance.walletList ?? []} />;
  // In an ordered layout, passkey is a method like the others.
  if (method === 'passkey') return <PasskeyButton />;
  if (method === 'email' || method === 'sms') {
    if (!expanded) {
      return (
        <Button onClick={() => setExpanded(true)}>
          {method === 'email' ? strings.continueWithEmail : strings.continueWithSms}
        </Button>
      );
    }
    return method === 'email' ? <EmailForm autoFocus={collapsed} /> : <PhoneForm autoFocus={collapsed} />;
  }
  return <SocialButton method={method} />;
}
