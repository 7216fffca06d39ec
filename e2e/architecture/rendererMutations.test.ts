import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// One way to send a change from the renderer; this probe fails if the lint rule that keeps it is loosened or lost.
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const RAW_MUTATION =
  "import { useMutation } from '@tanstack/react-query';\nexport const hook = useMutation;\n";

describe('sending a change from the renderer', () => {
  it('refuses a raw useMutation in a page, a feature hook or the UI kit', async () => {
    for (const file of [
      'renderer/src/features/store/ExamplePanel.tsx',
      'renderer/src/features/history/useExample.ts',
      'renderer/src/ui/forms/ExampleForm.tsx',
    ]) {
      const messages = await restrictedImports(file, RAW_MUTATION);
      expect(messages, file).toHaveLength(1);
      expect(messages[0], file).toContain('useContractMutation');
    }
  }, 60_000);

  it('allows it in the one hook’s file, and the rest of TanStack Query everywhere', async () => {
    expect(await restrictedImports('renderer/src/state/contractQueries.ts', RAW_MUTATION)).toEqual([]);
    const queryClient =
      "import { useQueryClient } from '@tanstack/react-query';\nexport const hook = useQueryClient;\n";
    expect(await restrictedImports('renderer/src/features/store/ExamplePanel.tsx', queryClient)).toEqual([]);
  });

  it('keeps the renderer’s other import rules in the one hook’s file', async () => {
    const node = "import { readFileSync } from 'node:fs';\nexport const read = readFileSync;\n";
    expect(await restrictedImports('renderer/src/state/contractQueries.ts', node)).not.toHaveLength(0);
  });
});
