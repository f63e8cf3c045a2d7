import { interstitialView } from '@latch/core/wallet';
import type { MouseEvent, ReactNode } from 'react';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useLatchContext } from '../../hooks/index.js';
import { useExternalWallets } from '../../hooks/useExternalWallets.js';
import { useWalletHelpTarget } from '../../hooks/useWalletHelpTarget.js';
import { useWalletStrings } from '../../hooks/useWalletStrings.js';
import { format } from '../../strings/format.js';
import type { ScreenProps } from '../ScreenProps.js';

/**
 * PHANTOM_INTERSTITIAL_SCREEN (mobile, the wallet is not in the page): reopens this page in the wallet's
 * in-app browser, with the wallet deep-link parameters so the page connects that wallet there (and, signed in,
 * a session hand-off so the user stays signed in there: docs/client.md "Into a wallet's browser").
 */
export function PhantomInterstitialScreen({ titleId }: ScreenProps): ReactNode {
  const { runner } = useLatchContext();
  const strings = useWalletStrings();
  const page = typeof window === 'undefined' ? '' : window.location.href;
  const target = useWalletHelpTarget();
  const runtime = useExternalWallets(true);
  const view = interstitialView(target, page);
  const wallet = { wallet: view.name };
  // A tap asks for the link then: a signed-in page's carries a session hand-off forked for this tap only.
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!runtime) return; // the plain link
    event.preventDefault();
    void runtime.interstitialLink(target, page).then((url) => {
      if (url) window.location.assign(url);
    });
  };
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
        <a className="latch-button" data-variant="primary" href={view.openUrl} rel="noopener" onClick={open}>
          {format(strings.openWallet, wallet)}
        </a>
      ) : null}
    </ScreenFrame>
  );
}
