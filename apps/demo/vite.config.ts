import { defineConfig } from 'vite';

// No React plugin: the automatic JSX runtime (tsconfig's "jsx": "react-jsx", Vite's default) is all the demo needs.
export default defineConfig({
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    host: 'localhost',
  },
  preview: { port: Number(process.env.VITE_PORT ?? 5173) },
});
