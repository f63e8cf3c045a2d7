// Vite (the demo, Vitest) would inject an imported .css file as a <style> element: the widget imports
// its stylesheets as text instead, as esbuild's `loader: { '.css': 'text' }` does (bench/bundle.mjs).
import { readFile } from 'node:fs/promises';

const PREFIX = '\0latch-css-text:';
// The id must not end in .css, or Vite's and Vitest's CSS plugins would take the module over.
const SUFFIX = '.js';

/** A Vite plugin: `import css from './x.css'` inside packages/react gives the file's text. */
export function cssAsText() {
  return {
    name: 'latch-css-as-text',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.endsWith('.css') || !importer || !/[\\/]packages[\\/]react[\\/]src[\\/]/.test(importer)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved ? `${PREFIX}${resolved.id}${SUFFIX}` : null;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const file = id.slice(PREFIX.length, -SUFFIX.length);
      this.addWatchFile(file);
      return `export default ${JSON.stringify(await readFile(file, 'utf8'))};`;
    },
  };
}
