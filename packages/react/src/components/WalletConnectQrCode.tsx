import type { ReactNode } from 'react';
import { useWalletStrings } from '../hooks/useWalletStrings.js';
import { QrCode } from './QrCode.js';

/** The WalletConnect mark (blue tile, bridge and wave), drawn in a 1 x 1 box for the QR code's centre. */
function WalletConnectMark(): ReactNode {
  return (
    <svg x={0} y={0} width={1} height={1} viewBox="0 0 40 40" aria-hidden="true">
      <rect width={40} height={40} rx={9} fill="#3b99fc" />
      <g fill="none" stroke="#ffffff" strokeWidth={3.4} strokeLinecap="round" strokeLinejoin="round">
        <path d="M10.5 17.5Q20 8.5 29.5 17.5" />
        <path d="M6 21.5l7 6.5 7-6.5 7 6.5 7-6.5" />
      </g>
    </svg>
  );
}

/**
 * The WalletConnect pairing URI as a QR code (SPEC §9: error correction high, 160 px, a logo about 15%),
 * or a placeholder of the same size while the relay has not given the URI yet.
 */
export function WalletConnectQrCode(props: { uri: string | null }): ReactNode {
  const strings = useWalletStrings();
  if (!props.uri) {
    return (
      <div className="latch-qr-pending" role="progressbar" aria-label={strings.confirmInWallet} style={pendingStyle}>
        <div className="latch-spinner" />
      </div>
    );
  }
  return <QrCode value={props.uri} label={strings.walletConnectQr} logo={<WalletConnectMark />} />;
}

const pendingStyle = {
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 160,
  height: 160,
  margin: '0 auto',
  borderRadius: 12,
  border: '1px solid var(--latch-border)',
} as const;
