import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The architecture's import rules are lint rules; these cases fail if a rule is loosened or lost.
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter(
      (message) =>
        message.ruleId === 'no-restricted-imports' ||
        message.ruleId === 'no-restricted-globals' ||
        message.ruleId === 'architecture/layers',
    )
    .map((message) => message.message);
}

describe('layering lint rules', () => {
  it('keeps electron out of the core, the CLI and the shell’s pure modules', async () => {
    const code = "import { app } from 'electron';\nexport const x = app;\n";
    expect(await restrictedImports('electron/core/features/live/example.ts', code)).not.toHaveLength(0);
    expect(await restrictedImports('electron/cli/example.ts', code)).not.toHaveLength(0);
    expect(await restrictedImports('electron/shell/windows/example.ts', code)).not.toHaveLength(0);
    expect(await restrictedImports('electron/shell/windows/example.electron.ts', code)).toHaveLength(0);
  });

  it('keeps Node and core code out of the sandboxed preload', async () => {
    expect(
      await restrictedImports(
        'electron/preload/example.ts',
        "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
      ),
    ).not.toHaveLength(0);
    expect(
      await restrictedImports(
        'electron/preload/example.ts',
        "import { x } from '../core/live/x';\nexport const y = x;\n",
      ),
    ).not.toHaveLength(0);
  });

  it('lets the renderer see only the contract', async () => {
    expect(
      await restrictedImports(
        'renderer/src/example.ts',
        "import { app } from 'electron';\nexport const x = app;\n",
      ),
    ).not.toHaveLength(0);
    expect(
      await restrictedImports('renderer/src/example.ts', "import fs from 'fs';\nexport const x = fs;\n"),
    ).not.toHaveLength(0);
    expect(
      await restrictedImports(
        'renderer/src/example.ts',
        "import { x } from '../../electron/core/platform/hub/stateHub';\nexport const y = x;\n",
      ),
    ).not.toHaveLength(0);
    expect(
      await restrictedImports(
        'renderer/src/example.ts',
        "import { LEGAL_NOTICE } from '@shared/contract';\nexport const y = LEGAL_NOTICE;\n",
      ),
    ).toHaveLength(0);
  });

  it('keeps Node and DOM out of shared/', async () => {
    expect(
      await restrictedImports(
        'shared/contract/example.ts',
        "import { join } from 'node:path';\nexport const j = join;\n",
      ),
    ).not.toHaveLength(0);
    expect(
      await restrictedImports('shared/contract/example.ts', 'export const w = window.location;\n'),
    ).not.toHaveLength(0);
    expect(
      await restrictedImports(
        'shared/contract/example.ts',
        "import React from 'react';\nexport const r = React;\n",
      ),
    ).not.toHaveLength(0);
  });

  // One probe per forbidden direction: [the importing file, what it imports].
  const forbidden: [string, string, string][] = [
    ['core → shell', 'electron/core/features/live/example.ts', '../../../shell/ipc/ipcBridge'],
    ['core → CLI', 'electron/core/features/live/example.ts', '../../../cli/runCli'],
    ['core → renderer', 'electron/core/features/live/example.ts', '../../../../renderer/src/app/App'],
    ['core → simulator', 'electron/core/features/live/example.ts', '../../../simulator/index'],
    ['core → e2e', 'electron/core/features/live/example.ts', '../../../../e2e/harness/fixtures'],
    ['core → react', 'electron/core/features/live/example.ts', 'react'],
    ['shell → renderer', 'electron/shell/app/example.ts', '../../../renderer/src/app/App'],
    ['shell → CLI', 'electron/shell/app/example.ts', '../../cli/runCli'],
    ['preload → shell', 'electron/preload/example.ts', '../shell/app/windows'],
    ['shared → simulator', 'shared/contract/example.ts', '../../electron/simulator/index'],
    ['shared → e2e', 'shared/contract/example.ts', '../../e2e/harness/fixtures'],
    ['shared → core', 'shared/contract/example.ts', '../../electron/core/features/live/liveFeature'],
    ['renderer → simulator', 'renderer/src/example.ts', '../../electron/simulator/index'],
    ['simulator → core', 'electron/simulator/example.ts', '../core/features/live/liveFeature'],
    ['simulator → CLI', 'electron/simulator/example.ts', '../cli/runCli'],
    ['reliability harness → CLI', 'electron/reliability/example.ts', '../cli/runCli'],
    ['CLI → e2e tests', 'electron/cli/example.ts', '../../e2e/harness/fixtures'],
    [
      'CLI → a simulator file past its entry',
      'electron/cli/example.ts',
      '../simulator/webApi/webApiSimulator',
    ],
    ['CLI → the simulator entry, statically', 'electron/cli/example.ts', '../simulator/index'],
    // The core's own layers: platform ← transport ← features ← app, and a feature → feature only as listed.
    ['platform → feature', 'electron/core/platform/hub/example.ts', '../../features/live/liveFeature'],
    ['platform → transport', 'electron/core/platform/feature/example.ts', '../../transport/host/browserHost'],
    ['platform → app', 'electron/core/platform/net/example.ts', '../../app/startCore'],
    ['transport → feature', 'electron/core/transport/host/example.ts', '../../features/live/liveFeature'],
    ['feature → app', 'electron/core/features/live/example.ts', '../../app/startCore'],
    ['an unlisted feature → feature', 'electron/core/features/store/example.ts', '../webApi/webApiFeature'],
    [
      'a feature → a feature it may not import',
      'electron/core/features/history/example.ts',
      '../live/liveFeature',
    ],
    // Scaffolding: no product file imports a bench, a test kit or a fixture.
    ['a feature → a bench', 'electron/core/features/live/example.ts', '../../tools/bench/latency'],
    [
      'a feature → a test kit',
      'electron/core/features/tournament/example.ts',
      '../../tools/testkit/tournament/springCup',
    ],
    ['a feature → a *.testkit.ts file', 'electron/core/features/card/example.ts', './cardGame.testkit'],
    [
      'a CLI command → a core bench',
      'electron/cli/commands/example.ts',
      '../../core/tools/bench/live/liveBench',
    ],
    // The command line only dispatches: a command's logic lives in its feature's cli/ folder.
    [
      'a CLI command → a feature’s service past its cli/ folder',
      'electron/cli/commands/example.ts',
      '../../core/features/staticData/cache/dataCache',
    ],
    [
      'the CLI → a feature’s composition',
      'electron/cli/example.ts',
      '../core/features/tournament/tournamentFeature',
    ],
    ['the CLI → the transport', 'electron/cli/example.ts', '../core/transport/remote/remoteCore'],
    ['the shell → its fake electron', 'electron/shell/app/example.ts', '../tools/testkit/fakeElectron'],
    [
      'the renderer → a fixture',
      'renderer/src/features/store/example.ts',
      '../../tools/testkit/checkoutFixtures',
    ],
  ];

  it.each(forbidden)('refuses %s', async (_direction, file, target) => {
    const imported = `import * as imported from '${target}';\nexport const x = imported;\n`;
    expect(await restrictedImports(file, imported)).not.toHaveLength(0);
    const reexported = `export * from '${target}';\n`;
    expect(await restrictedImports(file, reexported)).not.toHaveLength(0);
  });

  it('refuses a dynamic import across layers, except the CLI loading a tool through its entry', async () => {
    const lazy = (target: string): string => `export const load = () => import('${target}');\n`;
    expect(
      await restrictedImports('electron/core/features/live/example.ts', lazy('../../../cli/runCli')),
    ).not.toHaveLength(0);
    expect(
      await restrictedImports('electron/cli/example.ts', lazy('../simulator/webApi/webApiSimulator')),
    ).not.toHaveLength(0);
    expect(await restrictedImports('electron/cli/example.ts', lazy('../simulator/index'))).toHaveLength(0);
    expect(await restrictedImports('electron/cli/example.ts', lazy('../reliability/index'))).toHaveLength(0);
  });

  it('lets product code name a tool’s type, never load its code', async () => {
    const typeOnly = "import type * as DevTools from './tools/devTools';\nexport type D = typeof DevTools;\n";
    expect(await restrictedImports('electron/cli/example.ts', typeOnly)).toHaveLength(0);
    const code = "import * as devTools from './tools/devTools';\nexport const d = devTools;\n";
    expect(await restrictedImports('electron/cli/example.ts', code)).not.toHaveLength(0);
  });

  it('allows the directions the architecture has', async () => {
    const allowed: [string, string][] = [
      ['electron/core/features/live/example.ts', '@shared/contract'],
      ['electron/core/features/live/example.ts', '../../platform/hub/stateHub'],
      ['electron/core/features/live/example.ts', '../history/historyStore'],
      ['electron/core/features/tournament/example.ts', '../webApi/client/webApiClient'],
      ['electron/core/features/card/example.ts', '../../transport/host/downloadShelf'],
      ['electron/core/transport/host/example.ts', '../../platform/router/requestRouter'],
      ['electron/core/app/example.ts', '../features/live/liveFeature'],
      ['electron/core/tools/bench/live/example.ts', '../../../features/live/liveFeature'],
      ['electron/cli/tools/example.ts', '../../core/tools/bench/live/liveBench'],
      ['electron/shell/app/example.ts', '../../core/app/startCore'],
      ['electron/cli/example.ts', '../core/app/startCore'],
      ['electron/cli/example.ts', '../core/platform/cli/commandIo'],
      ['electron/cli/commands/example.ts', '../../core/features/staticData/cli/dataCli'],
      ['electron/simulator/example.ts', '../../shared/contract'],
      ['electron/reliability/example.ts', '../core/app/startCore'],
      ['e2e/tests/example.ts', '../../electron/cli/runCli'],
    ];
    for (const [file, target] of allowed) {
      expect(
        await restrictedImports(file, `import * as imported from '${target}';\nexport const x = imported;\n`),
        `${file} → ${target}`,
      ).toHaveLength(0);
    }
  });
});
