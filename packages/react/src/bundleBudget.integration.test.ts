import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** What bench/bundle.mjs's bundleFigures returns (a plain .mjs file, so typed here). */
interface BundleFigures {
  addedInitial: number;
  latch: { initialInputs: string[]; allInputs: string[] };
}

const root = fileURLToPath(new URL('../../../', import.meta.url));
const BUDGET_BYTES = 30 * 1024;

// README's budget: the JavaScript Latch adds before first paint stays under 30 kB gzip. A size, not a
// timing, so it is a test; the same figure is printed by `npm run bench`.
describe('bundle budget: what a host page loads before first paint', () => {
  it('adds less than 30 kB gzip of initial JavaScript to a React page, and no valibot', async () => {
    const bundle = (await import(new URL('bench/bundle.mjs', `file://${root}`).href)) as {
      bundleFigures(root: string): Promise<BundleFigures>;
    };
    const figures = await bundle.bundleFigures(root);
    expect(figures.addedInitial).toBeLessThan(BUDGET_BYTES);
    // Wire schemas live behind @latch/protocol/schemas: loaded with the wallet code, never up front.
    expect(figures.latch.allInputs.some((input) => input.includes('node_modules/valibot/'))).toBe(true);
    expect(figures.latch.initialInputs.filter((input) => input.includes('node_modules/valibot/'))).toEqual([]);
  });
});
