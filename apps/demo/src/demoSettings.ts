import type { HostConfig } from '@latch/react';

/** Where the demo finds its app: the page's query (?appId=&clientId=&apiUrl=&devIdpUrl=), else the VITE_LATCH_* variables. */
export interface DemoSettings {
  appId: string;
  clientId: string;
  apiUrl: string;
  /** ?embed=1 shows the login screens inline (LatchEmbed) instead of a Log in button. */
  embed: boolean;
  /** ?noPromptOnSignature=1 signs without the sign request screen (the provider's embeddedWallets option). */
  noPromptOnSignature: boolean;
  /** ?noPromptOnMfaRequired=1: no MFA prompt dialog; the demo's own form answers through useMfa(). */
  noPromptOnMfaRequired: boolean;
  /**
   * The development identity provider (`npm start` runs it): its custom-token issuer stands in for a host backend
   * that mints tokens for its users (the custom token panel). Empty: no such panel.
   */
  devIdpUrl: string;
  /** ?host={…JSON…}: the provider's host config (appearance, loginMethods, legal, …; docs/theming.md). */
  host: HostConfig;
  /** ?locale=es starts the widget in Spanish; the page's language switch changes it at runtime. */
  locale: 'en' | 'es';
  /** ?delayScale=0.05 (the e2e helpers only): the provider's testDelayScale, SPEC's screen delays × 0.05. */
  delayScale: number | undefined;
}

/** The host config of the query, or none when it is not a JSON object. */
function readHost(raw: string | null): HostConfig {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as HostConfig) : {};
  } catch {
    return {};
  }
}

/** Reads the demo's settings from a query string and the build-time environment. */
export function readDemoSettings(search: string, env: Record<string, string | undefined>): DemoSettings {
  const query = new URLSearchParams(search);
  return {
    appId: query.get('appId') ?? env.VITE_LATCH_APP_ID ?? '',
    clientId: query.get('clientId') ?? env.VITE_LATCH_CLIENT_ID ?? '',
    apiUrl: query.get('apiUrl') ?? env.VITE_LATCH_API_URL ?? 'http://localhost:8787',
    embed: query.get('embed') === '1',
    noPromptOnSignature: query.get('noPromptOnSignature') === '1',
    noPromptOnMfaRequired: query.get('noPromptOnMfaRequired') === '1',
    devIdpUrl: query.get('devIdpUrl') ?? env.VITE_LATCH_DEV_IDP_URL ?? '',
    host: readHost(query.get('host')),
    locale: query.get('locale') === 'es' ? 'es' : 'en',
    delayScale: query.has('delayScale') ? Number(query.get('delayScale')) : undefined,
  };
}
