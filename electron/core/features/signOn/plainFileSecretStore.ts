import { readFile, rm, stat } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileAtomic } from '../../platform/fs/atomicFile';
import type { SecretStore } from '../../platform/secrets/secretStore';

const fileSchema = z.record(z.string(), z.string());

/**
 * The headless host has no OS encryption: secrets go to a JSON file only this user can read (0600,
 * written atomically). A file others can read is ignored rather than trusted.
 */
export function createPlainFileSecretStore(
  file: string,
  platform: NodeJS.Platform = process.platform,
): SecretStore {
  const readAll = async (): Promise<Record<string, string>> => {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
      throw error;
    }
    if (platform !== 'win32' && ((await stat(file)).mode & 0o077) !== 0) return {};
    try {
      const parsed = fileSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : {};
    } catch {
      return {};
    }
  };
  const writeAll = async (values: Record<string, string>): Promise<void> => {
    if (Object.keys(values).length === 0) return rm(file, { force: true });
    await writeFileAtomic(file, `${JSON.stringify(values)}\n`, 0o600);
  };
  // One write at a time, so two quick changes cannot lose one another.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  return {
    get: async (name) => (await readAll())[name] ?? null,
    set: (name, value) => serial(async () => writeAll({ ...(await readAll()), [name]: value })),
    delete: (name) =>
      serial(async () => {
        const { [name]: _removed, ...rest } = await readAll();
        await writeAll(rest);
      }),
    isEncrypted: () => false,
  };
}
