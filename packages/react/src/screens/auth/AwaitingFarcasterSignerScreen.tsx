import type { ReactNode } from 'react';
import type { ScreenProps } from '../ScreenProps.js';
import { AwaitingFarcasterConnectionScreen } from './AwaitingFarcasterConnectionScreen.js';

/**
 * AWAITING_FARCASTER_SIGNER (SPEC §2, §4 "Farcaster"): the signer request's approval URL as a QR code (or the app's
 * deep link on a phone) while its status is polled; approved shows 'Success!' and closes after 1400 ms, rejected
 * shows 'Request rejected'.
 */
export function AwaitingFarcasterSignerScreen(props: ScreenProps): ReactNode {
  return <AwaitingFarcasterConnectionScreen {...props} signer />;
}
