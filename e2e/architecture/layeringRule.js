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

/**
 * Benches, test kits and fixtures: under a `tools/` folder of their layer (electron/core/tools/,
 * electron/cli/tools/, electron/shell/tools/, renderer/src/tools/) or named `*.bench.ts` / `*.testkit.ts`. Product
 * code never imports them; they import anything.
 */
const SCAFFOLDING = /(^|\/)tools\/|\.(bench|testkit)(\.tsx?)?$/;

const CORE = 'electron/core/';

/**
 * The core's own layers (README, "Architecture"): `platform/` is what every feature stands on, `transport/` the
 * host every audience reaches the core through, `features/` one folder per feature, `app/` start-up and
 * composition. Who may import whom, besides itself.
 */
export const CORE_GROUPS = {
  platform: [],
  transport: ['platform'],
  features: ['platform', 'transport'],
  app: ['platform', 'transport', 'features'],
};

/** The only imports from one feature into another (electron/core/features/<name>/), each for a reason. */
export const FEATURE_IMPORTS = {
  // A finished game of either kind is saved in the history.
  live: ['history'],
  card: ['history'],
  // The replay's feed and the schema check read the live client's events and schemas.
  replay: ['live'],
  schemaDrift: ['live'],
  // The deck view decodes deck codes.
  staticData: ['card'],
  // Sign-on and the tournament desk call the publisher through the web API's client and limiter.
  signOn: ['webApi'],
  tournament: ['webApi'],
};

/**
 * The command line only dispatches (README, "Architecture"): its product files reach into the core only through
 * `app/` (start-up, the checks across every source), `platform/` (the commands' I/O, paths, environment) and a
 * feature's `cli/` folder, where that feature's command parses its words, calls its services and prints its lines.
 */
const CLI_CORE_ENTRIES = /^electron\/core\/(app|platform)\/|^electron\/core\/features\/[^/]+\/cli\//;

/** Why an import from the command line into the core is more than dispatch, or null when it is not. */
function cliProblem(fromPath, target) {
  if (
    !fromPath.startsWith('electron/cli/') ||
    SCAFFOLDING.test(fromPath) ||
    !target.startsWith(CORE) ||
    CLI_CORE_ENTRIES.test(target)
  )
    return null;
  return `the command line only dispatches: it reaches the core through app/, platform/ or a feature's cli/ folder, not ${target} (move the command's logic into electron/core/features/<name>/cli/).`;
}

/** The core group (and, for a feature, its name) a repo path is in, or null outside the core. */
function coreUnit(relativePath) {
  if (!relativePath.startsWith(CORE)) return null;
  const [group = '', feature = ''] = relativePath.slice(CORE.length).split('/');
  return { group, feature: group === 'features' ? feature : null };
}

/** Why an import inside the core breaks its layers, or null when it does not. */
function coreProblem(fromPath, target) {
  const from = coreUnit(fromPath);
  const to = coreUnit(target);
  if (!from || !to || from.group === 'tools' || to.group === 'tools') return null;
  if (from.group === to.group) {
    if (from.group !== 'features' || from.feature === to.feature) return null;
    if ((FEATURE_IMPORTS[from.feature] ?? []).includes(to.feature)) return null;
    return `feature ${from.feature} must not import feature ${to.feature}: list it in FEATURE_IMPORTS (e2e/architecture/layeringRule.js) with its reason, or move what both need to platform/.`;
  }
  if ((CORE_GROUPS[from.group] ?? []).includes(to.group)) return null;
  return `core/${from.group} must not import core/${to.group} (README, "Architecture": platform ← transport ← features ← app).`;
}

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

    const check = (node, specifier, dynamic, typeOnly = false) => {
      if (typeof specifier !== 'string') return;
      const target = importedPath(specifier, context.filename, root);
      // A type brings no code in: the CLI may name the dev-tools entry's type (electron/cli/builtDevTools.ts).
      if (target !== null && SCAFFOLDING.test(target) && !SCAFFOLDING.test(fromPath) && !typeOnly) {
        context.report({
          node,
          message: `product code must not import benches, test kits or fixtures (${specifier}): they live under tools/ or in *.bench.ts / *.testkit.ts files.`,
        });
        return;
      }
      const coreIssue =
        target === null ? null : (coreProblem(fromPath, target) ?? cliProblem(fromPath, target));
      if (coreIssue) {
        context.report({ node, message: coreIssue });
        return;
      }
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
      ImportDeclaration: (node) => check(node, node.source.value, false, node.importKind === 'type'),
      ExportNamedDeclaration: (node) =>
        node.source && check(node, node.source.value, false, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.source.value, false, node.exportKind === 'type'),
      ImportExpression: (node) =>
        check(node, node.source.type === 'Literal' ? node.source.value : null, true),
      TSImportType: (node) => {
        const literal = node.argument?.literal ?? node.argument;
        check(node, literal?.value, true, true);
      },
    };
  },
};

export const layeringPlugin = { rules: { layers: layeringRule } };
