import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Spec 1 §1: "Keys must not appear in distributed code." The user enters their key at run time; what the
// app is built from (everything but tests) holds none. A key has the shape RGAPI-<UUID>.
const KEY = /RGAPI-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const DISTRIBUTED = ['bin', 'electron', 'renderer', 'resources', 'shared'];
const TEST_FILE = /\.(test|spec)\.tsx?$/;

function distributedFiles(): string[] {
  return DISTRIBUTED.flatMap((folder) =>
    readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !TEST_FILE.test(entry.name))
      .map((entry) => join(entry.parentPath, entry.name)),
  );
}

describe('API keys in the sources', () => {
  it('finds no API key in any file the app is built from', () => {
    const files = distributedFiles();
    // Written as one path so moving the folder rewrites it; joined for this system's separator.
    expect(files).toContain(join(...'electron/core/features/webApi/key/apiKeyStore.ts'.split('/')));
    expect(files.filter((file) => KEY.test(readFileSync(file, 'utf8')))).toEqual([]);
  });
});
