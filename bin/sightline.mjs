#!/usr/bin/env node
// Runs the built CLI (out/main/cli.js): the same core as the app, without Electron.
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const cli = fileURLToPath(new URL('../out/main/cli.js', import.meta.url));
if (!existsSync(cli)) {
  console.error(
    "sightline: the app is not built yet. Run `npm run build` (npm install does it for you; if Electron's download was blocked, run `npm install --ignore-scripts`, then `npm run build`).",
  );
  process.exit(1);
}
await import(pathToFileURL(cli).href);
