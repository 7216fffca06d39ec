// The architecture's layers as one lint rule: every import (static, dynamic or re-export) is resolved to the
// folder it lands in, and only the directions below are allowed. Tests are exempt: they may reach the
// simulator and fakes of any layer. README, "Architecture", has the same table in words.
import path from 'node:path';

/** Folder prefixes, most specific first; the first that matches names the layer. */
const LAYER_FOLDERS = [
  ['electron/shell/', 'shell'],
  ['electron/preload/', 'preload'],
  ['electron/cli/', 'cli'],
  ['electron/core/', 'core'],
  ['renderer/', 'renderer'],
  ['shared/', 'shared'],
  ['electron/simulator/', 'simulator'],
  ['electron/reliability/', 'harness'],
  ['e2e/', 'e2e'],
];

/** Who may import whom (besides itself). The repo's root files (package.json) are open to all. */
export const ALLOWED_LAYERS = {
  shared: [],
  core: ['shared'],
  shell: ['core', 'shared'],
  preload: ['shared'],
  cli: ['core', 'shared'],
  renderer: ['shared'],
  simulator: ['shared'],
  harness: ['simulator', 'core', 'shared'],
  e2e: ['harness', 'simulator', 'cli', 'shell', 'core', 'renderer', 'shared'],
};

/** Tools the CLI ships but loads only when a command runs them, each through its one entry. */
const LAZY_ENTRIES = ['electron/simulator/index', 'electron/reliability/index'];

/** Packages that belong to one side only. */
const RENDERER_PACKAGES = ['react', 'react-dom', 'zustand', '@tanstack/react-query'];

const TEST_FILE = /\.(test|spec)\.tsx?$/;

/** @param {string} relativePath a repo-relative path with forward slashes @returns {string} */
export function layerOf(relativePath) {
  const found = LAYER_FOLDERS.find(([prefix]) => relativePath.startsWith(prefix));
  return found ? found[1] : 'root';
}

function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The repo-relative path an import lands in, or null for a package. */
function importedPath(specifier, fromFile, root) {
  if (specifier.startsWith('@shared/')) return `shared/${specifier.slice('@shared/'.length)}`;
  if (!specifier.startsWith('.')) return null;
  const absolute = path.resolve(path.dirname(fromFile), specifier);
  return path.relative(root, absolute).split(path.sep).join('/');
}

export const layeringRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the architecture: lower layers never import higher ones.' },
    schema: [],
  },
  create(context) {
    const root = context.cwd;
    const fromPath = path.relative(root, context.filename).split(path.sep).join('/');
    if (TEST_FILE.test(fromPath)) return {};
    const from = layerOf(fromPath);
    if (from === 'root') return {};

    const check = (node, specifier, dynamic) => {
      if (typeof specifier !== 'string') return;
      const target = importedPath(specifier, context.filename, root);
      if (target === null) {
        const name = packageName(specifier);
        if (RENDERER_PACKAGES.includes(name) && !['renderer', 'e2e'].includes(from)) {
          context.report({ node, message: `${from} must not import ${name}: it belongs to the renderer.` });
        }
        return;
      }
      const to = layerOf(target);
      if (to === from || to === 'root' || ALLOWED_LAYERS[from].includes(to)) return;
      const entry = target.replace(/\.(ts|js|mjs)$/, '');
      if (from === 'cli' && LAZY_ENTRIES.includes(entry)) {
        if (dynamic) return;
        context.report({
          node,
          message: `the CLI loads ${entry} lazily (electron/cli/toolEntries.ts), never with a static import.`,
        });
        return;
      }
      context.report({ node, message: `${from} must not import ${to} (${specifier}).` });
    };

    return {
      ImportDeclaration: (node) => check(node, node.source.value, false),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, false),
      ExportAllDeclaration: (node) => check(node, node.source.value, false),
      ImportExpression: (node) =>
        check(node, node.source.type === 'Literal' ? node.source.value : null, true),
      TSImportType: (node) => {
        const literal = node.argument?.literal ?? node.argument;
        check(node, literal?.value, true);
      },
    };
  },
};

export const layeringPlugin = { rules: { layers: layeringRule } };
