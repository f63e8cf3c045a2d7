import { defineConfig } from 'vite';

// No React plugin: esbuild's automatic JSX runtime is all the demo needs.
export default defineConfig({
  esbuild: { jsx: 'automatic' },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    host: 'localhost',
  },
  preview: { port: Number(process.env.VITE_PORT ?? 5173) },
});
