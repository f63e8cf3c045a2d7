import { interstitialView } from '@latch/core/wallet';
import type { ReactNode } from 'react';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useLatchContext } from '../../hooks/index.js';
import { useWalletHelpTarget } from '../../hooks/useWalletHelpTarget.js';
import { useWalletStrings } from '../../hooks/useWalletStrings.js';
import { format } from '../../strings/format.js';
import type { ScreenProps } from '../ScreenProps.js';

/**
 * PHANTOM_INTERSTITIAL_SCREEN (mobile, the wallet is not in the page): reopens this page in the wallet's
 * in-app browser, with the wallet deep-link parameters so the page connects that wallet there.
 */
export function PhantomInterstitialScreen({ titleId }: ScreenProps): ReactNode {
  const { runner } = useLatchContext();
  const strings = useWalletStrings();
  const page = typeof window === 'undefined' ? '' : window.location.href;
  const view = interstitialView(useWalletHelpTarget(), page);
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
