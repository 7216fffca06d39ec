import { defineConfig } from '@playwright/test';

// Debian's Chromium, never a downloaded browser. Flags keep it off the (closed) network.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

/**
 * Specs that hold a rate, a render count or a time as the other side sees it (arrivals at the simulator, renders
 * and frames in the page, a share of the fastest finish), and the demo, which takes the machine's CPU for a
 * minute: `npm run test:e2e` runs them after the rest (project `alone`, one at a time), so a second worker's stack
 * never crowds what they measure. Not a project dependency: that would run every other spec before a single one
 * of these asked for by name.
 */
const ALONE = [
  'cliThroughPrimary',
  'demoFirstMinute',
  'demoGameCfg',
  'demoNoRawCodes',
  'liveFaults',
  'oneSightlinePerMachine',
  'overlayClocks',
  'overlayFirstValue',
  'overlayRenders',
  'rowOverlayRenders',
  'sharedGameClients',
  'sharedKeyLimits',
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: 'e2e/tests',
  fullyParallel: false,
  // Each spec file starts its own simulator and host on ports the system picks, with its own data folder: two
  // files run at once on CI's two cores, most of whose time is spent waiting on polls and timers.
  workers: 2,
  retries: 0,
  // One temporary folder per run (TMPDIR), removed after it: what Sightline's processes share stays in the run.
  globalSetup: './electron/core/tools/testkit/run/runTempFolder.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.SIGHTLINE_CHROMIUM ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    },
    trace: 'off',
  },
  projects: [
    { name: 'together', testIgnore: ALONE },
    { name: 'alone', testMatch: ALONE, workers: 1 },
  ],
});
