import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

// Issue #14: OAuth, Telegram and custom-token code loads on first use, never with the host page.
describe('social login stays out of the initial JavaScript', () => {
  it('the social actions, flow, popup and PKCE code are only in lazy chunks', async () => {
    const bundle = (await import(new URL('bench/bundle.mjs', `file://${root}`).href)) as {
      measurePage(entry: string, root: string): Promise<{ initialInputs: string[]; allInputs: string[] }>;
    };
    const page = await bundle.measurePage(`${root}bench/pages/latch.tsx`, root);
    const social = (input: string) => /packages\/core\/src\/oauth\/[^/]+\.ts$/.test(input);
    const modules = page.allInputs.filter(social).map((input) => input.replace(/.*\//, ''));
    for (const name of ['socialActions.ts', 'socialFlow.ts', 'oauthActions.ts', 'popupMessages.ts', 'pkce.ts']) {
      expect(modules).toContain(name);
    }
    expect(page.initialInputs.filter(social)).toEqual([]);
  });
});
