import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Component and unit tests run in happy-dom; the browser tests under src/e2e have their own runner. */
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    exclude: ['src/e2e/**', 'node_modules/**'],
    css: false,
  },
});
