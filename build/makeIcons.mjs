// Writes the installers' icons into build/ (electron-builder's buildResources) from the tray icon's drawing
// code: `npm run icons`. electron/shell/appIcon/appIconFiles.test.ts checks the committed files match.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

const buildDir = dirname(fileURLToPath(import.meta.url));
const { module } = await runnerImport(
  join(buildDir, '..', 'electron', 'shell', 'appIcon', 'appIconFiles.ts'),
);
for (const file of module.APP_ICON_FILES) {
  const target = join(buildDir, file.path);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, module.appIconBytes(file));
  console.log(`build/${file.path}: ${file.sizes.map((size) => `${size}×${size}`).join(', ')}`);
}
