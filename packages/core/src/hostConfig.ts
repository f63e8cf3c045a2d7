import {
  type AppConfig,
  type CreateOnLogin,
  cutLoginMessage,
  LOGIN_METHODS,
  type LoginMethod,
  type ThemeColors,
} from '@latch/protocol';
import { accentColors } from './accentColors.js';
import { devBuild } from './devBuild.js';
import { themeColors } from './themeColors.js';

// The missing-origin diagnosis loads with the merge: one lazy chunk for the host's setup (client.ts).
export { diagnoseOrigin } from './originDiagnostic.js';

/**
 * The widget's colour scheme: 'system' follows the device's prefers-color-scheme, live; a background colour
 * (#rgb or #rrggbb) gives a palette derived from it (core's themeColors: readable text on it, WCAG AA).
 */
export type ThemeSetting = 'light' | 'dark' | 'system' | `#${string}`;

/**
 * A UI binding's logo element, described without naming a framework: in React, an `<svg>` or `<img>` element
 * (SPEC §5). Core checks its `type` and hands it to the UI as given (never copied or serialised).
 */
export interface LogoElement {
  readonly type: unknown;
  readonly props: unknown;
}

/**
 * What a host sets in the page (SPEC §4 client config). Every field is optional; unset ones keep the
 * server's value. The server stays the authority: the host can narrow login methods, never add one.
 */
export interface HostConfig {
  appearance?: {
    theme?: ThemeSetting;
    /** #rgb or #rrggbb; other values are ignored with a warning. */
    accentColor?: string;
    /** An image URL (https:, http: or data:image/…), or an `<svg>` / `<img>` element (React: `<img src=… />`). */
    logo?: string | LogoElement;
    landingHeader?: string;
    /** Cut to 100 characters (SPEC §9). */
    loginMessage?: string;
    /** Wallet ids for the wallet list, in order (e.g. 'metamask', 'detected_wallets', 'wallet_connect'). */
    walletList?: string[];
    /** Wallets before the other login methods on LANDING (SPEC's web3-first grouping). */
    showWalletLoginFirst?: boolean;
    /** LANDING shows 'Continue with Email' / 'Continue with SMS' buttons instead of the email and phone inputs. */
    hideDirectWeb2Inputs?: boolean;
  };
  /** The login methods to show, in this order: kept only where the server enables them. */
  loginMethods?: readonly string[];
  /** An explicit primary / overflow split (the ordered LANDING layout), filtered the same way. */
  loginMethodsAndOrder?: { primary: readonly string[]; overflow?: readonly string[] };
  embeddedWallets?: {
    /** May lower the server's setting ('off' < 'users-without-wallets' < 'all-users'), never raise it. */
    createOnLogin?: CreateOnLogin;
    noPromptOnSignature?: boolean;
    /** false needs `noPromptOnSignature: true` (SPEC §5: the wallet UIs off); createLatch refuses it otherwise. */
    waitForTransactionConfirmation?: boolean;
    /** The send screen's amounts: `primary` shown first, `secondary` under it (null: none); fiat needs a known price. */
    priceDisplay?: { primary: PriceUnit; secondary: PriceUnit | null };
  };
  /** Links to the host's own legal pages (http or https); whether users must accept stays the server's. */
  legal?: { termsAndConditionsUrl?: string; privacyPolicyUrl?: string };
  /** `defaultCountry`: the phone input's first country (ISO 3166-1 alpha-2, e.g. 'ES'); unset: US (SPEC §9). */
  intl?: { defaultCountry?: string };
  /** `useSandbox`: the on-ramp provider's sandbox (test cards, no real money); whether it is on stays the server's. */
  fiatOnRamp?: { useSandbox?: boolean };
  /**
   * `turnstileScriptUrl`: where Turnstile's script loads from when the app's captcha is Turnstile (default
   * Cloudflare's, https://challenges.cloudflare.com/turnstile/v0/api.js); tests point it at a stand-in.
   */
  captcha?: { turnstileScriptUrl?: string };
}

/**
 * The merged config and what the host asked for that could not be honoured: `errors` (a value that breaks the
 * look, e.g. an unknown theme) print as console errors, `warnings` as warnings (dev builds).
 */
export interface MergedConfig {
  config: AppConfig;
  warnings: string[];
  errors: string[];
}

type PriceUnit = AppConfig['embeddedWallets']['priceDisplay']['primary'];
const isPriceUnit = (value: unknown): value is PriceUnit => value === 'fiat-currency' || value === 'native-token';

const CREATE_RANK: Record<CreateOnLogin, number> = { off: 0, 'users-without-wallets': 1, 'all-users': 2 };
const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

const isLoginMethod = (value: string): value is LoginMethod => (LOGIN_METHODS as readonly string[]).includes(value);

/** `url` when it parses as one of `schemes`, else undefined (a `javascript:` link never reaches an href). */
function safeUrl(url: string, schemes: readonly string[]): string | undefined {
  try {
    const parsed = new URL(url);
    return schemes.includes(parsed.protocol) || (schemes.includes('data:') && /^data:image\//i.test(url))
      ? url
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The methods of `wanted` that `enabled` contains, in `wanted`'s order, without repeats; each other
 * entry yields a warning (unknown id, or not enabled on the server).
 */
function narrow(wanted: readonly string[], enabled: readonly LoginMethod[], warnings: string[]): LoginMethod[] {
  const kept: LoginMethod[] = [];
  for (const method of wanted) {
    if (!isLoginMethod(method)) warnings.push(`Unknown login method "${method}" ignored.`);
    else if (!enabled.includes(method))
      warnings.push(`Login method "${method}" is not enabled for this app on the server; it is not shown.`);
    else if (!kept.includes(method)) kept.push(method);
  }
  return kept;
}

/**
 * Merges the host's options over the server's app config (pure). Precedence: a host value replaces
 * the server's for appearance and legal links; login methods are the host's list ∩ the server's, in
 * the host's order; `createOnLogin` only goes down; `requireUsersAcceptTerms` stays the server's.
 */
export function mergeHostConfig(server: AppConfig, host: HostConfig | undefined): MergedConfig {
  const warnings: string[] = [];
  const errors: string[] = [];
  if (!host) return { config: server, warnings, errors };
  const { appearance: look = {}, legal = {}, embeddedWallets: wallets = {} } = host;

  let colorScheme = server.appearance.palette.colorScheme;
  let theme: ThemeColors | undefined;
  if (look.theme !== undefined) {
    theme = themeColors(look.theme);
    if (theme) colorScheme = theme.scheme;
    else if (['light', 'dark', 'system'].includes(look.theme)) colorScheme = look.theme as typeof colorScheme;
    else
      errors.push(
        `appearance.theme "${look.theme}" is not 'light', 'dark', 'system' or a #rgb / #rrggbb colour; the server's "${colorScheme}" applies.`,
      );
  }

  let accent = server.appearance.palette.accent;
  if (look.accentColor !== undefined) {
    if (HEX_COLOR.test(look.accentColor)) accent = look.accentColor;
    else warnings.push(`appearance.accentColor "${look.accentColor}" is not #rgb or #rrggbb; ignored.`);
  }
  let logo = server.appearance.logo;
  let logoElement: LogoElement | undefined;
  if (typeof look.logo === 'object' && look.logo !== null) {
    if (look.logo.type === 'svg' || look.logo.type === 'img') logoElement = look.logo;
    else warnings.push('appearance.logo must be an image URL, or an <svg> or <img> element; ignored.');
  } else if (look.logo !== undefined) {
    logo = safeUrl(look.logo, ['https:', 'http:', 'data:']);
    if (!logo) warnings.push('appearance.logo must be an https:, http: or data:image URL; ignored.');
    logo ??= server.appearance.logo;
  }
  const link = (name: string, value: string | undefined, fallback: string | undefined) => {
    if (value === undefined) return fallback;
    const url = safeUrl(value, ['https:', 'http:']);
    if (!url) warnings.push(`legal.${name} must be an http or https URL; ignored.`);
    return url ?? fallback;
  };

  const country = host.intl?.defaultCountry;
  const defaultCountry = country && /^[a-z]{2}$/i.test(country) ? country.toUpperCase() : undefined;
  if (country !== undefined && !defaultCountry)
    warnings.push(`intl.defaultCountry "${country}" is not a two-letter country code (ISO 3166-1); US applies.`);

  let loginMethods = server.loginMethods;
  if (host.loginMethods) loginMethods = narrow(host.loginMethods, server.loginMethods, warnings);
  let loginMethodsAndOrder = server.loginMethodsAndOrder;
  if (host.loginMethodsAndOrder) {
    const primary = narrow(host.loginMethodsAndOrder.primary, loginMethods, warnings);
    const overflow = narrow(host.loginMethodsAndOrder.overflow ?? [], loginMethods, warnings);
    loginMethodsAndOrder = { primary, overflow: overflow.filter((m) => !primary.includes(m)) };
  }

  let createOnLogin = server.embeddedWallets.createOnLogin;
  if (wallets.createOnLogin !== undefined) {
    if (CREATE_RANK[wallets.createOnLogin] <= CREATE_RANK[createOnLogin]) createOnLogin = wallets.createOnLogin;
    else
      warnings.push(
        `embeddedWallets.createOnLogin "${wallets.createOnLogin}" is above the server's "${createOnLogin}"; the server's applies.`,
      );
  }

  let priceDisplay = server.embeddedWallets.priceDisplay;
  if (wallets.priceDisplay !== undefined) {
    const { primary, secondary } = wallets.priceDisplay;
    if (isPriceUnit(primary) && (secondary === null || isPriceUnit(secondary))) priceDisplay = { primary, secondary };
    else
      warnings.push(
        "embeddedWallets.priceDisplay needs primary 'fiat-currency' or 'native-token' and secondary one of them or null; ignored.",
      );
  }

  const config: AppConfig = {
    ...server,
    loginMethods,
    loginMethodsAndOrder,
    appearance: {
      ...server.appearance,
      landingHeader: look.landingHeader ?? server.appearance.landingHeader,
      loginMessage:
        look.loginMessage !== undefined ? cutLoginMessage(look.loginMessage) : server.appearance.loginMessage,
      loginGroupPriority:
        look.showWalletLoginFirst === undefined
          ? server.appearance.loginGroupPriority
          : look.showWalletLoginFirst
            ? 'web3-first'
            : 'web2-first',
      hideDirectWeb2Inputs: look.hideDirectWeb2Inputs ?? server.appearance.hideDirectWeb2Inputs,
      walletList: look.walletList ? [...new Set(look.walletList)] : server.appearance.walletList,
      palette: theme ? { colorScheme, accent, theme } : { colorScheme, accent },
      logo,
      ...(logoElement ? { logoElement } : {}),
    },
    ...(defaultCountry ? { intl: { defaultCountry } } : {}),
    ...(host.captcha?.turnstileScriptUrl ? { turnstileScriptUrl: host.captcha.turnstileScriptUrl } : {}),
    ...(host.fiatOnRamp?.useSandbox === undefined
      ? {}
      : { fiatOnRamp: { ...server.fiatOnRamp, useSandbox: host.fiatOnRamp.useSandbox } }),
    legal: {
      requireUsersAcceptTerms: server.legal.requireUsersAcceptTerms,
      termsAndConditionsUrl: link(
        'termsAndConditionsUrl',
        legal.termsAndConditionsUrl,
        server.legal.termsAndConditionsUrl,
      ),
      privacyPolicyUrl: link('privacyPolicyUrl', legal.privacyPolicyUrl, server.legal.privacyPolicyUrl),
    },
    embeddedWallets: {
      ...server.embeddedWallets,
      createOnLogin,
      noPromptOnSignature: wallets.noPromptOnSignature ?? server.embeddedWallets.noPromptOnSignature,
      waitForTransactionConfirmation:
        wallets.waitForTransactionConfirmation ?? server.embeddedWallets.waitForTransactionConfirmation,
      priceDisplay,
    },
  };
  if (host.loginMethods && loginMethods.length === 0)
    warnings.push("None of the host's loginMethods is enabled on the server: the landing has no login method.");
  return { config, warnings, errors };
}

let warned = '';

/**
 * The client's use of mergeHostConfig: `previous` when the merge equals it (a provider passes its props on
 * every render; nothing should re-render for that), and each new set of warnings once, in dev builds only
 * (the host's developer, not the user, can act on them).
 */
export function applyHostConfig(
  server: AppConfig,
  host: HostConfig | undefined,
  previous: AppConfig | null,
): AppConfig {
  const { config: merged, warnings, errors } = mergeHostConfig(server, host);
  const { appearance } = merged;
  const { palette } = appearance;
  const config = {
    ...merged,
    appearance: { ...appearance, palette: { ...palette, colors: accentColors(palette.accent, palette.theme?.bg) } },
  };
  const said = [...errors, ...warnings].join();
  if (devBuild() && said !== warned) {
    for (const error of errors) console.error(`Latch: ${error}`);
    for (const warning of warnings) console.warn(`Latch: ${warning}`);
  }
  warned = said;
  return previous && sameConfig(previous, config) ? previous : config;
}

// A logo element is the host's object (a React element may point into React's tree): compared, never serialised.
const withoutElement = (config: AppConfig) =>
  JSON.stringify(config, (key, value: unknown) => (key === 'logoElement' ? undefined : value));

/** Equal configs: the same JSON, and logo elements of one type with the same props (a provider re-creates them). */
function sameConfig(a: AppConfig, b: AppConfig): boolean {
  const [x, y] = [
    a.appearance.logoElement as LogoElement | undefined,
    b.appearance.logoElement as LogoElement | undefined,
  ];
  const sameElement =
    x === y ||
    (x !== undefined &&
      y !== undefined &&
      x.type === y.type &&
      Object.entries(x.props as object).every(([k, v]) => (y.props as Record<string, unknown>)[k] === v) &&
      Object.keys(x.props as object).length === Object.keys(y.props as object).length);
  return sameElement && withoutElement(a) === withoutElement(b);
}
