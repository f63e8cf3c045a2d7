import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';
import { cssAsText } from '../../scripts/cssAsText.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));

/** The npm package all of `ids` come from (`@scope/name` as `scope-name`), or undefined when they are not one. */
function packageOf(ids: readonly string[]): string | undefined {
  const names = new Set(ids.map((id) => id.match(/\/node_modules\/((?:@[^/]+\/)?[^/]+)\//)?.[1]));
  const [name] = names;
  return names.size === 1 && name ? name.replace('@', '').replace('/', '-') : undefined;
}

// No React plugin: the automatic JSX runtime (tsconfig's "jsx": "react-jsx", Vite's default) is all the demo needs.
export default defineConfig({
  // The widget's stylesheets are text it adopts itself (strict CSP), never a <style> Vite injects.
  plugins: [cssAsText()],
  // The @latch/* packages from their TypeScript source, not their builds (scripts/tsdown.base.ts).
  resolve: { conditions: ['@latch/source', ...defaultClientConditions] },
  // Pre-bundle the widget's lazily imported dependencies too: otherwise Vite discovers them on first
  // use and reloads the page mid-flow.
  optimizeDeps: {
    include: [
      'react',
      'react-dom/client',
      'react/jsx-runtime',
      'libphonenumber-js/min',
      'viem/siwe',
      '@walletconnect/universal-provider',
      'uqr',
      // wagmi.html (@latch/react/wagmi).
      'wagmi',
      'wagmi/actions',
      '@tanstack/react-query',
    ],
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    host: 'localhost',
    // Test suites (scripts/stack.mjs, quiet) turn HMR off: pages under test must not reload when a file changes.
    hmr: process.env.LATCH_DEMO_HMR === 'off' ? false : undefined,
  },
  // Every page of the demo (vite build takes only index.html unless told): the e2e stack serves a build.
  build: {
    rolldownOptions: {
      input: Object.fromEntries(
        ['index', 'appearance', 'libraries', 'vanilla', 'wagmi'].map((page) => [page, resolve(HERE, `${page}.html`)]),
      ),
      // A chunk of one dependency is named after it, as the dev server's URL names it (/node_modules/.vite/deps/
      // libphonenumber-js_min.js): smsLogin.spec.ts holds the lazy phone rules back by that name.
      output: { chunkFileNames: (chunk) => `assets/${packageOf(chunk.moduleIds) ?? chunk.name}-[hash].js` },
    },
  },
  preview: { port: Number(process.env.VITE_PORT ?? 5173) },
});
