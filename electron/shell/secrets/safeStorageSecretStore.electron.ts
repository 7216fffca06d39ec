import { join } from 'node:path';
import { safeStorage } from 'electron';
import type { SecretStore } from '../../core/platform/secrets/secretStore';
import { createEncryptedFileSecretStore, SECRETS_FILE } from './encryptedFileSecretStore';

/** The desktop SecretStore: values encrypted by the OS (Keychain, DPAPI, libsecret/KWallet) in the data dir. */
export function createSafeStorageSecretStore(dataDir: string, log: (message: string) => void): SecretStore {
  return createEncryptedFileSecretStore({
    file: join(dataDir, SECRETS_FILE),
    log,
    cipher: {
      isEncryptionAvailable: () => safeStorage.isEncryptionAvailable(),
      linuxBackend: () => (process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : null),
      encryptString: (plainText) => safeStorage.encryptString(plainText),
      decryptString: (encrypted) => safeStorage.decryptString(encrypted),
    },
  });
}
