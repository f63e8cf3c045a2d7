import type { AppRecord } from '../../identity/apps/appStore.js';
import type { Settings } from '../../kernel/config/config.js';

/** The WebAuthn relying party of one app: the server's RP ID, the app's name, the origins a ceremony may run on. */
export interface RelyingParty {
  id: string;
  name: string;
  origins: string[];
}

/** The RP ID: `LATCH_RP_ID`, else the hostname of `LATCH_PUBLIC_URL` (docs/passkeys.md). */
function rpIdOf(settings: Pick<Settings, 'rpId' | 'publicUrl'>): string {
  return settings.rpId ?? new URL(settings.publicUrl).hostname;
}

/**
 * The relying party of `app`: the ceremony runs in the host page, so the app's allowed origins, and the
 * server's own origin (a page the server serves itself). Every one must be on the RP ID's domain, or be
 * listed by GET /.well-known/webauthn for browsers that support related origins.
 */
export function relyingPartyOf(settings: Pick<Settings, 'rpId' | 'publicUrl'>, app: AppRecord): RelyingParty {
  const own = new URL(settings.publicUrl).origin;
  return { id: rpIdOf(settings), name: app.name, origins: [...new Set([...app.allowedOrigins, own])] };
}
