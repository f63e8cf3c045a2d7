import { DEFAULT_APP_CONFIG, type ServerAppConfig, toAppConfig } from '@latch/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyHostConfig, mergeHostConfig } from './hostConfig.js';

const server = (overrides: Partial<ServerAppConfig> = {}) =>
  toAppConfig({
    ...DEFAULT_APP_CONFIG,
    id: 'a'.repeat(25),
    name: 'Acme',
    verification_key: 'key',
    created_at: 1,
    updated_at: 1,
    sms_auth: true,
    google_oauth: true,
    wallet_auth: true,
    accent_color: '#112233',
    terms_and_conditions_url: 'https://acme.test/terms',
    require_users_accept_terms: true,
    embedded_wallet_config: {
      create_on_login: 'users-without-wallets',
      user_owned_recovery_options: [],
      require_user_owned_recovery_on_create: false,
      headless_signing: false,
    },
    ...overrides,
  });

afterEach(() => vi.restoreAllMocks());

describe('host config merged over the server config', () => {
  it('without host options is the server config, unchanged', () => {
    const base = server();
    expect(mergeHostConfig(base, undefined)).toEqual({ config: base, warnings: [], errors: [] });
    expect(mergeHostConfig(base, {}).config).toEqual(base);
  });

  it("fiatOnRamp: the host picks the sandbox; whether the on-ramp is on stays the server's", () => {
    expect(server({ fiat_on_ramp_enabled: true }).fiatOnRamp).toEqual({ enabled: true, useSandbox: false });
    const on = mergeHostConfig(server({ fiat_on_ramp_enabled: true }), { fiatOnRamp: { useSandbox: true } }).config;
    expect(on.fiatOnRamp).toEqual({ enabled: true, useSandbox: true });
    const off = mergeHostConfig(server(), { fiatOnRamp: { useSandbox: true } }).config;
    expect(off.fiatOnRamp).toEqual({ enabled: false, useSandbox: true });
  });

  it('login methods: the host list ∩ the server list, in the host order', () => {
    const { config, warnings } = mergeHostConfig(server(), { loginMethods: ['wallet', 'google', 'email'] });
    expect(server().loginMethods).toEqual(['email', 'sms', 'google', 'wallet']);
    expect(config.loginMethods).toEqual(['wallet', 'google', 'email']);
    expect(warnings).toEqual([]);
  });

  it('drops a method the server does not enable, and an unknown one, each with a warning', () => {
    const { config, warnings } = mergeHostConfig(server(), { loginMethods: ['github', 'sms', 'myspace', 'sms'] });
    expect(config.loginMethods).toEqual(['sms']);
    expect(warnings).toEqual([
      'Login method "github" is not enabled for this app on the server; it is not shown.',
      'Unknown login method "myspace" ignored.',
    ]);
  });

  it('warns when nothing of the host list is left', () => {
    const { config, warnings } = mergeHostConfig(server(), { loginMethods: ['github'] });
    expect(config.loginMethods).toEqual([]);
    expect(warnings.at(-1)).toMatch(/landing has no login method/);
  });

  it('an explicit primary/overflow split is filtered by the effective methods', () => {
    const { config } = mergeHostConfig(server(), {
      loginMethods: ['google', 'email', 'sms'],
      loginMethodsAndOrder: { primary: ['sms', 'wallet', 'google'], overflow: ['google', 'email'] },
    });
    expect(config.loginMethodsAndOrder).toEqual({ primary: ['sms', 'google'], overflow: ['email'] });
  });

  it('appearance: host values replace the server ones; unset ones keep the server ones', () => {
    const { config, warnings } = mergeHostConfig(server({ landing_header: 'Server header' }), {
      appearance: {
        theme: 'system',
        accentColor: '#f60',
        logo: 'https://host.test/logo.png',
        loginMessage: 'x'.repeat(120),
        walletList: ['metamask', 'wallet_connect', 'metamask'],
        showWalletLoginFirst: true,
      },
    });
    expect(warnings).toEqual([]);
    expect(config.appearance).toMatchObject({
      landingHeader: 'Server header',
      loginGroupPriority: 'web3-first',
      walletList: ['metamask', 'wallet_connect'],
      palette: { colorScheme: 'system', accent: '#f60' },
      logo: 'https://host.test/logo.png',
    });
    expect(config.appearance.loginMessage).toHaveLength(100);
    expect(mergeHostConfig(server(), { appearance: { landingHeader: 'Hi' } }).config.appearance).toMatchObject({
      landingHeader: 'Hi',
      palette: { colorScheme: 'light', accent: '#112233' },
      walletList: [],
    });
  });

  it('refuses a bad accent, logo or legal link (javascript: never reaches an href), keeping the server value', () => {
    const { config, warnings } = mergeHostConfig(server(), {
      appearance: { accentColor: 'red', logo: 'javascript:alert(1)' },
      legal: { termsAndConditionsUrl: 'javascript:alert(1)', privacyPolicyUrl: 'https://host.test/privacy' },
    });
    expect(config.appearance.palette.accent).toBe('#112233');
    expect(config.appearance.logo).toBeUndefined();
    expect(config.legal).toEqual({
      requireUsersAcceptTerms: true,
      termsAndConditionsUrl: 'https://acme.test/terms',
      privacyPolicyUrl: 'https://host.test/privacy',
    });
    expect(warnings).toHaveLength(3);
    expect(
      mergeHostConfig(server(), { appearance: { logo: 'data:image/png;base64,AAAA' } }).config.appearance.logo,
    ).toBe('data:image/png;base64,AAAA');
  });

  it('legal links are the host’s; whether users must accept stays the server’s', () => {
    const { config } = mergeHostConfig(server(), { legal: { termsAndConditionsUrl: 'https://host.test/terms' } });
    expect(config.legal).toEqual({ requireUsersAcceptTerms: true, termsAndConditionsUrl: 'https://host.test/terms' });
  });

  it('createOnLogin can go down, never up; the signature options are the host’s', () => {
    const down = mergeHostConfig(server(), { embeddedWallets: { createOnLogin: 'off', noPromptOnSignature: true } });
    expect(down.config.embeddedWallets).toMatchObject({ createOnLogin: 'off', noPromptOnSignature: true });
    const up = mergeHostConfig(server(), { embeddedWallets: { createOnLogin: 'all-users' } });
    expect(up.config.embeddedWallets.createOnLogin).toBe('users-without-wallets');
    expect(up.warnings).toHaveLength(1);
  });
});

describe('appearance and intl (docs/theming.md)', () => {
  it('a hex theme derives the palette and the scheme it reads as; the keywords stay as they are', () => {
    const dark = mergeHostConfig(server(), { appearance: { theme: '#13152F' } });
    expect(dark.config.appearance.palette).toMatchObject({
      colorScheme: 'dark',
      theme: { scheme: 'dark', bg: '#13152F' },
    });
    const light = mergeHostConfig(server(), { appearance: { theme: '#fdf6e3' } });
    expect(light.config.appearance.palette).toMatchObject({ colorScheme: 'light', theme: { bg: '#FDF6E3' } });
    const system = mergeHostConfig(server(), { appearance: { theme: 'system' } }).config.appearance.palette;
    expect(system).toEqual({ colorScheme: 'system', accent: '#112233' });
    expect([dark.errors, light.errors]).toEqual([[], []]);
  });

  it('an unknown theme is an error, not a throw: the server scheme applies', () => {
    // A value from untyped JSON (the demo's ?host=) or a typo: the type allows any '#…'.
    for (const theme of ['purple', '#12345', '#GGGGGG']) {
      const { config, errors } = mergeHostConfig(server(), { appearance: { theme: theme as 'light' } });
      expect(config.appearance.palette).toEqual({ colorScheme: 'light', accent: '#112233' });
      expect(errors).toEqual([expect.stringContaining(`appearance.theme "${theme}" is not`)]);
    }
  });

  it('a logo element (svg or img) is kept as given, beside the server logo; another element is refused', () => {
    const element = { type: 'svg', props: { viewBox: '0 0 10 10' } };
    const { config, warnings } = mergeHostConfig(server({ logo_url: 'https://acme.test/logo.png' }), {
      appearance: { logo: element },
    });
    expect(config.appearance.logoElement).toBe(element);
    expect(warnings).toEqual([]);
    const refused = mergeHostConfig(server(), { appearance: { logo: { type: () => null, props: {} } } });
    expect(refused.config.appearance.logoElement).toBeUndefined();
    expect(refused.warnings).toEqual(['appearance.logo must be an image URL, or an <svg> or <img> element; ignored.']);
  });

  it('intl.defaultCountry: two letters, upper-cased; anything else is dropped with a warning', () => {
    expect(mergeHostConfig(server(), { intl: { defaultCountry: 'es' } }).config.intl).toEqual({ defaultCountry: 'ES' });
    const bad = mergeHostConfig(server(), { intl: { defaultCountry: 'Spain' } });
    expect(bad.config.intl).toBeUndefined();
    expect(bad.warnings).toEqual([
      'intl.defaultCountry "Spain" is not a two-letter country code (ISO 3166-1); US applies.',
    ]);
  });
});

describe('applyHostConfig (what the client calls)', () => {
  it('a logo element never goes through JSON (a React element can be circular); an equal one keeps the config', () => {
    const circular: { type: string; props: { src: string }; owner?: unknown } = {
      type: 'img',
      props: { src: 'a.png' },
    };
    circular.owner = circular;
    const first = applyHostConfig(server(), { appearance: { logo: circular } }, null);
    expect(first.appearance.logoElement).toBe(circular);
    const again = { type: 'img', props: { src: 'a.png' } };
    expect(applyHostConfig(server(), { appearance: { logo: again } }, first)).toBe(first);
    const other = { type: 'img', props: { src: 'b.png' } };
    expect(applyHostConfig(server(), { appearance: { logo: other } }, first).appearance.logoElement).toBe(other);
  });

  it('prints an invalid theme as a console error, once', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const host = { appearance: { theme: 'blue' as 'light' } };
    expect(applyHostConfig(server(), host, null).appearance.palette.colorScheme).toBe('light');
    applyHostConfig(server(), host, null);
    expect(error.mock.calls).toEqual([[expect.stringMatching(/^Latch: appearance.theme "blue" is not/)]]);
  });

  it('adds the readable accent colours and keeps the previous object when nothing changed', () => {
    const first = applyHostConfig(server(), { appearance: { accentColor: '#FFD400' } }, null);
    expect(first.appearance.palette.colors).toMatchObject({ accent: '#FFD400', contrast: '#000000' });
    expect(applyHostConfig(server(), { appearance: { accentColor: '#FFD400' } }, first)).toBe(first);
    expect(applyHostConfig(server(), { appearance: { accentColor: '#111111' } }, first)).not.toBe(first);
  });

  it('prints each new set of warnings once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const host = { loginMethods: ['github'] };
    applyHostConfig(server(), host, null);
    const printed = warn.mock.calls.length;
    expect(printed).toBeGreaterThan(0);
    applyHostConfig(server(), host, null);
    expect(warn.mock.calls.length).toBe(printed);
    expect(warn.mock.calls[0]?.[0]).toMatch(/^Latch: Login method "github"/);
  });
});
