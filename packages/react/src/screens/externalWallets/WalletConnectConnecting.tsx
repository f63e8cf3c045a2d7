import { isMobileBrowser, type WalletConnectPairing } from '@latch/core/wallet';
import { lazy, type ReactNode, Suspense, useSyncExternalStore } from 'react';
import { ScreenFrame } from '../../components/ScreenFrame.js';
import { useWalletStrings } from '../../hooks/useWalletStrings.js';
import { format } from '../../strings/format.js';

// The QR code (and the QR encoder it uses) loads only when a WalletConnect connection shows it.
const WalletConnectQrCode = lazy(() =>
  import('../../components/WalletConnectQrCode.js').then((m) => ({ default: m.WalletConnectQrCode })),
);

const none = (): null => null;

/**
 * AWAITING_CONNECTION while WalletConnect pairs: on desktop the pairing URI as a QR code (SPEC §9) to scan
 * with a phone's wallet; on mobile a button opening the URI in the wallet app installed for it.
 */
export function WalletConnectConnecting(props: { titleId: string; pairing: WalletConnectPairing }): ReactNode {
  const strings = useWalletStrings();
  const uri = useSyncExternalStore(props.pairing.subscribe, props.pairing.uri, none);
  const title = format(strings.waitingForWallet, { wallet: 'WalletConnect' });
  const pending = <div className="latch-spinner" role="progressbar" aria-label={strings.confirmInWallet} />;
  if (isMobileBrowser()) {
    return (
      <ScreenFrame titleId={props.titleId} title={title}>
        <p className="latch-text">{strings.walletConnectOpen}</p>
        {uri ? (
          <a className="latch-button" data-variant="primary" href={uri}>
            {strings.walletConnectOpenButton}
          </a>
        ) : (
          pending
        )}
      </ScreenFrame>
    );
  }
  return (
    <ScreenFrame titleId={props.titleId} title={title}>
      <Suspense fallback={pending}>
        <WalletConnectQrCode uri={uri} />
      </Suspense>
      <p className="latch-text" aria-live="polite">
        {strings.walletConnectScan}
      </p>
    </ScreenFrame>
  );
}
