import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const BUILT_MAIN = fileURLToPath(new URL('../../out/main/', import.meta.url));

describe('the build the demo scripts run first', () => {
  it('bundles none of the bench yardsticks, whose bottleneck warned of a direct eval on every build', async () => {
    const files = (await readdir(BUILT_MAIN, { recursive: true })).filter((file) => file.endsWith('.js'));
    expect(files.length).toBeGreaterThan(0);
    const withEval: string[] = [];
    for (const file of files) {
      if ((await readFile(join(BUILT_MAIN, file), 'utf8')).includes('eval("require")')) withEval.push(file);
    }
    expect(withEval).toEqual([]);
  });
});
