import { interstitialView, type WalletHelpTarget, walletHelpTarget } from '@latch/core/wallet';
import { type ReactNode, useSyncExternalStore } from 'react';
import { ScreenFrame } from '../components/ScreenFrame.js';
import { useLatchContext } from '../LatchContext.js';
import { format } from '../strings/en.js';
import { useExternalWallets } from '../wallet/useExternalWallets.js';
import { useWalletStrings } from '../wallet/walletStrings.js';
import type { ScreenProps } from './screenProps.js';

const noop = () => () => {};
const none = (): null => null;

/** The wallet the help is about (chosen in the list or named by a deep link); Phantom when none was recorded. */
function useHelpTarget(): WalletHelpTarget {
  const help = useExternalWallets(true)?.help;
  const target = useSyncExternalStore(help ? help.subscribe : noop, help ? help.target : none, none);
  return target ?? walletHelpTarget('phantom');
}

/**
 * PHANTOM_INTERSTITIAL_SCREEN (mobile, the wallet is not in the page): reopens this page in the wallet's
 * in-app browser, with the wallet deep-link parameters so the page connects that wallet there.
 */
export function PhantomInterstitialScreen({ titleId }: ScreenProps): ReactNode {
  const { runner } = useLatchContext();
  const strings = useWalletStrings();
  const page = typeof window === 'undefined' ? '' : window.location.href;
  const view = interstitialView(useHelpTarget(), page);
  const wallet = { wallet: view.name };
  return (
    <ScreenFrame
      titleId={titleId}
      title={format(strings.openInWalletTitle, wallet)}
      onBack={() => runner.dispatch({ type: 'back' })}
      top={
        <div className="latch-badge" aria-hidden="true">
          ↗
        </div>
      }
    >
      <p className="latch-text">{format(strings.openInWalletDetail, wallet)}</p>
      {view.openUrl ? (
        <a className="latch-button" data-variant="primary" href={view.openUrl} rel="noopener">
          {format(strings.openWallet, wallet)}
        </a>
      ) : null}
    </ScreenFrame>
  );
}
