import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The architecture's import rules are lint rules; these cases fail if a rule is loosened or lost.
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter(
      (message) => message.ruleId === 'no-restricted-imports' || message.ruleId === 'no-restricted-globals',
    )
    .map((message) => message.message);
}

describe('layering lint rules', () => {
  it('keeps electron out of the core, the CLI and the shell’s pure modules', async () => {
    const code = "import { app } from 'electron';\nexport const x = app;\n";
    expect(await restrictedImports('electron/core/live/example.ts', code)).toHaveLength(1);
    expect(await restrictedImports('electron/cli/example.ts', code)).toHaveLength(1);
    expect(await restrictedImports('electron/shell/windows/example.ts', code)).toHaveLength(1);
    expect(await restrictedImports('electron/shell/windows/example.electron.ts', code)).toHaveLength(0);
  });

  it('keeps Node and core code out of the sandboxed preload', async () => {
    expect(
      await restrictedImports(
        'electron/preload/example.ts',
        "import { readFileSync } from 'node:fs';\nexport const r = readFileSync;\n",
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        'electron/preload/example.ts',
        "import { x } from '../core/live/x';\nexport const y = x;\n",
      ),
    ).toHaveLength(1);
  });

  it('lets the renderer see only the contract', async () => {
    expect(
      await restrictedImports(
        'renderer/src/example.ts',
        "import { app } from 'electron';\nexport const x = app;\n",
      ),
    ).toHaveLength(1);
    expect(
      await restrictedImports('renderer/src/example.ts', "import fs from 'fs';\nexport const x = fs;\n"),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        'renderer/src/example.ts',
        "import { x } from '../../electron/core/hub/stateHub';\nexport const y = x;\n",
      ),
    ).toHaveLength(1);
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
    ).toHaveLength(1);
    expect(
      await restrictedImports('shared/contract/example.ts', 'export const w = window.location;\n'),
    ).toHaveLength(1);
    expect(
      await restrictedImports(
        'shared/contract/example.ts',
        "import React from 'react';\nexport const r = React;\n",
      ),
    ).toHaveLength(1);
  });
});
