import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) },
  },
  test: {
    include: [
      'electron/**/*.test.ts',
      'shared/**/*.test.ts',
      'renderer/**/*.test.{ts,tsx}',
      'e2e/simulator/**/*.test.ts',
      'e2e/reliability/**/*.test.ts',
      'e2e/architecture/**/*.test.ts',
    ],
    environment: 'node',
    testTimeout: 20_000,
  },
});
