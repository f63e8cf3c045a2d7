import type { Plugin } from 'vite';

/** A Vite plugin: `import css from './x.css'` inside packages/react gives the file's text. */
export function cssAsText(): Plugin;
