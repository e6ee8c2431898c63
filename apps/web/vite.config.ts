import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000', '/Eskimo_privacy_policy_fr.html': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // dist/.vite/manifest.json: scripts/bundle-budget.mjs measures each route's JavaScript from it.
    manifest: true,
    rolldownOptions: {
      // @app/domain is pure (no I/O, no globals): a screen importing one rule from its barrel must not
      // pull every schema, and zod with them, into its chunk.
      treeshake: { moduleSideEffects: [{ test: /\/packages\/domain\//, sideEffects: false }] },
    },
  },
});
