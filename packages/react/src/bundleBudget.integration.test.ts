import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { currentSharedBuild } from '../../../scripts/sharedBuild.mjs';
import { buildPackages } from '../../../scripts/tsdown.base.mjs';

/** What bench/bundle.mjs's bundleFigures returns (a plain .mjs file, so typed here). */
interface BundleFigures {
  addedInitial: number;
  latch: { initialInputs: string[]; allInputs: string[] };
}
type From = { from: 'source' | 'built' };

const root = fileURLToPath(new URL('../../../', import.meta.url));
const BUDGET_BYTES = 30 * 1024;

// README's budget: the JavaScript Latch adds before first paint stays under 30 kB gzip. A size, not a
// timing, so it is a test; the same figure is printed by `npm run bench`. Held on the packages as a host
// installs them: their builds (dist/) of the current source — the run's shared build when `npm test` made it
// from this very tree (scripts/sharedBuild.mjs checks the source and dist hashes), else built here.
describe('bundle budget: what a host page loads before first paint', () => {
  it('adds less than 30 kB gzip of initial JavaScript to a React page from the built packages, and no valibot', async () => {
    if (!currentSharedBuild(root)) await buildPackages(root, ['protocol', 'core', 'react']);
    const bundle = (await import(new URL('bench/bundle.mjs', `file://${root}`).href)) as {
      bundleFigures(root: string, options: From): Promise<BundleFigures>;
    };
    const figures = await bundle.bundleFigures(root, { from: 'built' });
    // Measured from dist, not from src: the page's modules are the packages' built files.
    expect(figures.latch.initialInputs).toContain('packages/react/dist/LatchProvider.js');
    expect(figures.latch.initialInputs.filter((input) => input.includes('/src/'))).toEqual([]);
    expect(figures.addedInitial).toBeLessThan(BUDGET_BYTES);
    // Wire schemas live behind @latch/protocol/schemas: loaded with the wallet code, never up front.
    expect(figures.latch.allInputs.some((input) => input.includes('node_modules/valibot/'))).toBe(true);
    expect(figures.latch.initialInputs.filter((input) => input.includes('node_modules/valibot/'))).toEqual([]);
    // Building the three packages (when no shared build matches) takes ~10 s on a quiet machine, over a minute on a loaded one.
  }, 300_000);

  // esbuild puts a module that an index (barrel) the page imports re-exports into the page's initial chunks
  // as soon as any lazy chunk uses it; these are used only by lazily loaded code (the bridge, the export
  // page, the first signature), so neither index re-exports their values.
  it('keeps the frame contract and the lazily used wallet modules out of the initial JavaScript', async () => {
    const bundle = (await import(new URL('bench/bundle.mjs', `file://${root}`).href)) as {
      measurePage(entry: string, root: string): Promise<BundleFigures['latch']>;
    };
    const page = await bundle.measurePage(`${root}bench/pages/latch.tsx`, root);
    const lazyOnly = [
      'packages/protocol/src/paths/wallets.ts',
      'packages/protocol/src/walletEvents.ts',
      'packages/protocol/src/walletErrors.ts',
      // MFA paths: the protocol index does not re-export them (the lazy MFA code imports @latch/protocol/mfa).
      'packages/protocol/src/paths/mfa.ts',
      'packages/core/src/embeddedWallet/frameHost.ts',
      'packages/core/src/embeddedWallet/toEmbeddedWalletError.ts',
      'packages/core/src/embeddedWallet/providerSignCall.ts',
      // The fiat on-ramp (issue #28): its values, flow, runner, currency table, screens and texts load with fundWallet().
      'packages/protocol/src/onRamp.ts',
      'packages/core/src/onRamp/fundingFlow.ts',
      'packages/core/src/onRamp/fundingRunner.ts',
      'packages/core/src/onRamp/onRampCurrency.ts',
      'packages/react/src/dialogs/FundingDialogBody.tsx',
      'packages/react/src/screens/onRamp/FiatOnRampStatusScreen.tsx',
      'packages/react/src/strings/onRampStrings.ts',
      // Translations (docs/i18n.md): the Spanish catalogue, the ICU runtime and the override compiler load on demand.
      'packages/react/src/strings/locales/es.ts',
      'packages/react/src/strings/format.ts',
      'packages/react/src/strings/compileOverrides.ts',
      'node_modules/@lingui/core/dist/index.mjs',
    ];
    for (const module of lazyOnly) expect(page.allInputs).toContain(module);
    expect(page.initialInputs.filter((input) => lazyOnly.includes(input))).toEqual([]);
  });
});
