import { type FarcasterSettings, parseFarcasterSettings } from '../../kernel/config/farcasterSettings.js';
import type { ServerContext } from '../../kernel/context.js';
import type { LatchModule } from '../../kernel/module.js';
import { FarcasterLogin } from './FarcasterLogin.js';
import { FarcasterSigners } from './FarcasterSigners.js';
import { farcasterRoutes } from './farcasterRoutes.js';
import { idRegistryReader } from './idRegistry.js';

declare module '../../kernel/context.js' {
  interface Services {
    /** Sign In With Farcaster: Latch's own relay and the custody check in the ID registry (modules/farcaster/). */
    farcaster: FarcasterLogin;
    /** Farcaster signers: the app's signed key requests and their approval (modules/farcaster/). */
    farcasterSigners: FarcasterSigners;
  }
}

/** Builds the Farcaster services from the server's settings (the ID registry's node and address, the API). */
export function buildFarcaster(ctx: ServerContext): { farcaster: FarcasterLogin; farcasterSigners: FarcasterSigners } {
  const settings = ctx.settings.farcaster ?? parseFarcasterSettings({});
  const registry = idRegistryReader(settings.rpcUrl, settings.idRegistry);
  return {
    farcaster: new FarcasterLogin(ctx, registry, settings.relayKey),
    farcasterSigners: new FarcasterSigners(ctx, settings.apiUrl),
  };
}

/** Rebuilds a running server's Farcaster services on other settings (tests: the dev chain's node and registry). */
export function configureFarcaster(ctx: ServerContext, settings: Partial<FarcasterSettings>): void {
  const full = { ...(ctx.settings.farcaster ?? parseFarcasterSettings({})), ...settings };
  Object.assign(ctx, buildFarcaster({ ...ctx, settings: { ...ctx.settings, farcaster: full } } as ServerContext));
}

/** Farcaster login, link, unlink and signers (SPEC §7 "Farcaster"), with Latch as its own Connect relay. */
export const farcasterModule: LatchModule = {
  id: 'farcaster',
  services: buildFarcaster,
  routes: farcasterRoutes,
};
