import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** What bench/bundle.mjs's measurePage returns (a plain .mjs file, so typed here). */
interface PageFigures {
  initialInputs: string[];
}

const root = fileURLToPath(new URL('../../../../', import.meta.url));

// Transaction preparation and the chain registry load with the send screen and the provider's
// transaction methods (issue #12's bench: the provider's extra initial JS stays inside the budget).
// This guards the host page's initial JavaScript against a static import of either.
describe('transactions and chains stay out of the initial JavaScript', () => {
  it('builds the bench host page with no transactions/, chains/ or viem chain module in its initial chunks', async () => {
    const bundle = (await import(new URL('bench/bundle.mjs', `file://${root}`).href)) as {
      measurePage(entry: string, root: string): Promise<PageFigures>;
    };
    const page = await bundle.measurePage(`${root}bench/pages/latch.tsx`, root);
    expect(page.initialInputs.length).toBeGreaterThan(0);
    const eager = page.initialInputs.filter(
      (input) =>
        input.includes('packages/core/src/transactions/') ||
        input.includes('packages/protocol/src/chains/') ||
        input.includes('node_modules/viem/_esm/chains/') ||
        input.includes('node_modules/viem/_esm/op-stack/'),
    );
    expect(eager).toEqual([]);
  });
});
