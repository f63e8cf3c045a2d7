import { type AppConfig, BUILT_LOGIN_METHODS, DISPLAY, LIMIT, type LoginMethod } from '@latch/protocol';

/** One entry of a landing list (SPEC §2 LANDING, §9 "Display"). */
export type LandingEntry =
  | { kind: 'method'; method: LoginMethod }
  | { kind: 'wallet'; wallet: string }
  | { kind: 'more-options' }
  | { kind: 'other-socials' }
  | { kind: 'continue-with-wallet' }
  | { kind: 'other-wallets' }
  | { kind: 'passkey' };

/** What LANDING shows first, and what each overflow entry opens. */
export interface LandingLayout {
  layout: 'ordered' | 'grouped';
  entries: LandingEntry[];
  /** Methods behind 'More options' (ordered layout) or 'Other socials' (grouped layout). */
  overflowMethods: LoginMethod[];
  /** Wallets behind 'Other wallets' or 'Continue with a wallet'. */
  overflowWallets: string[];
}

/** How many primary methods show before 'More options' (SPEC §9: fewer than 5 all; 5 with no overflow all; else 4). */
export function primaryVisibleCount(primaryCount: number, overflowCount: number): number {
  if (primaryCount < 5) return primaryCount;
  if (primaryCount === 5 && overflowCount === 0) return 5;
  return 4;
}

/** How many items of a group show before its overflow entry (SPEC §9: over 4 means 3). */
export function groupVisibleCount(count: number): number {
  return count > DISPLAY.groupedOverflowThreshold ? DISPLAY.groupedVisibleBeforeOverflow : count;
}

const isWeb2 = (method: LoginMethod) => method !== 'wallet' && method !== 'passkey';

/**
 * The landing list for an app config: the ordered layout when a primary order exists, else the grouped
 * one. Only `available` methods show (default: the ones this release implements), so a method the
 * server once stored but cannot log anyone in with is never a button; tests widen it for SPEC layouts.
 */
export function landingLayout(
  config: Pick<AppConfig, 'loginMethods' | 'loginMethodsAndOrder'> & {
    appearance: Pick<AppConfig['appearance'], 'loginGroupPriority' | 'walletList'>;
  },
  available: readonly LoginMethod[] = BUILT_LOGIN_METHODS,
): LandingLayout {
  const methods = config.loginMethods.filter((method) => available.includes(method));
  const enabled = new Set(methods);
  const order = config.loginMethodsAndOrder;
  if (order && order.primary.length > 0) {
    const primary = order.primary.filter((m) => enabled.has(m));
    const overflow = order.overflow.filter((m) => enabled.has(m) && !primary.includes(m));
    const shown = primaryVisibleCount(primary.length, overflow.length);
    const overflowMethods = [...primary.slice(shown), ...overflow];
    const entries: LandingEntry[] = primary.slice(0, shown).map((method) => ({ kind: 'method', method }));
    if (overflowMethods.length > 0) entries.push({ kind: 'more-options' });
    return { layout: 'ordered', entries, overflowMethods, overflowWallets: [] };
  }

  const web2 = methods.filter(isWeb2);
  const web2Shown = groupVisibleCount(web2.length);
  const web2Entries: LandingEntry[] = web2.slice(0, web2Shown).map((method) => ({ kind: 'method', method }));
  if (web2Shown < web2.length) web2Entries.push({ kind: 'other-socials' });
  const overflowMethods = web2.slice(web2Shown);

  const entries: LandingEntry[] = [];
  let overflowWallets: string[] = [];
  if (enabled.has('wallet')) {
    const wallets = config.appearance.walletList;
    if (config.appearance.loginGroupPriority === 'web3-first') {
      if (wallets.length === 0) entries.push({ kind: 'method', method: 'wallet' });
      const walletsShown = groupVisibleCount(wallets.length);
      for (const wallet of wallets.slice(0, walletsShown)) entries.push({ kind: 'wallet', wallet });
      overflowWallets = wallets.slice(walletsShown);
      if (overflowWallets.length > 0) entries.push({ kind: 'other-wallets' });
      entries.push(...web2Entries);
    } else {
      entries.push(...web2Entries, { kind: 'continue-with-wallet' });
      overflowWallets = wallets;
    }
  } else {
    entries.push(...web2Entries);
  }
  if (enabled.has('passkey')) entries.push({ kind: 'passkey' });
  return { layout: 'grouped', entries, overflowMethods, overflowWallets };
}

/**
 * The app's methods that one `login({ loginMethods })` asks for (useLogin): the app's order, never a method the
 * app does not allow; without a list, or when none of it is allowed, all of the app's (a login always has one).
 */
export function requestedLoginMethods(
  appMethods: readonly LoginMethod[],
  requested: readonly LoginMethod[] | undefined,
): LoginMethod[] {
  const kept = requested ? appMethods.filter((method) => requested.includes(method)) : [];
  return kept.length > 0 ? kept : [...appMethods];
}

/** True when the implicit consent line shows (SPEC §2: acceptance not required, or forced, and a link exists). */
export function showsImplicitConsent(
  legal: Pick<AppConfig['legal'], 'requireUsersAcceptTerms' | 'termsAndConditionsUrl' | 'privacyPolicyUrl'>,
  forced = false,
): boolean {
  const hasLink = Boolean(legal.termsAndConditionsUrl || legal.privacyPolicyUrl);
  return hasLink && (!legal.requireUsersAcceptTerms || forced);
}

/** SPEC §5 configuration warnings the widget reports in the console (it still renders). */
export function configWarnings(config: Pick<AppConfig, 'loginMethods' | 'loginMethodsAndOrder'>): string[] {
  const warnings: string[] = [];
  if (config.loginMethods.length === 0) warnings.push('At least one login method must be enabled.');
  const hidden = config.loginMethods.filter(
    (method) => !(BUILT_LOGIN_METHODS as readonly LoginMethod[]).includes(method),
  );
  if (hidden.length > 0) warnings.push(`Login methods not built yet are hidden: ${hidden.join(', ')}.`);
  const primary = config.loginMethodsAndOrder?.primary.length ?? 0;
  if (primary > LIMIT.primaryLoginMethodsWarnAbove) {
    warnings.push(
      `More than ${LIMIT.primaryLoginMethodsWarnAbove} primary login methods: only ${LIMIT.primaryLoginMethodsWarnAbove} show before 'More options' unless there is no overflow.`,
    );
  }
  return warnings;
}
