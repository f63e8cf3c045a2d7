import type { ReactNode } from 'react';
import { QrCode } from './QrCode.js';
import { SocialMark } from './SocialMark.js';

const isMobile = (): boolean =>
  typeof navigator !== 'undefined' && /Android|iPhone|iPad|iPod|Mobi/i.test(navigator.userAgent);

/**
 * What AWAITING_FARCASTER_CONNECTION and AWAITING_FARCASTER_SIGNER show for a request (SPEC §2: a QR code or an app
 * deep link): on a desktop the URI as a QR code (SPEC §9: error correction high, 160 px, Farcaster's mark about
 * 15%) for the phone's camera, on a phone a button that opens the Farcaster app; a spinner until the server
 * answered.
 */
export function FarcasterRequestView(props: {
  uri: string | null;
  text: { scan: string; openApp: string; openHint: string; qr: string; waiting: string };
}): ReactNode {
  const { uri, text } = props;
  if (!uri) return <div className="latch-spinner" role="progressbar" aria-label={text.waiting} />;
  if (isMobile()) {
    return (
      <>
        <a className="latch-button" data-variant="primary" href={uri}>
          <SocialMark method="farcaster" />
          {text.openApp}
        </a>
        <p className="latch-text">{text.openHint}</p>
      </>
    );
  }
  return (
    <>
      <QrCode value={uri} label={text.qr} logo={<SocialMark method="farcaster" size={1} />} />
      <p className="latch-text">{text.scan}</p>
      <p className="latch-text">
        <a className="latch-link" href={uri} data-latch-farcaster-uri={uri}>
          {text.openApp}
        </a>
      </p>
    </>
  );
}
