import type { SecretStorage } from '@shared/contract';

/**
 * Beside a secret's input in `sightline serve`, which has no OS encryption: where what is entered will
 * be stored unencrypted, said before it is entered. Nothing in the desktop app.
 */
export function PlainFileStorageNotice({
  storage,
  subject,
  plural = false,
  className,
  testId,
}: {
  storage: SecretStorage | null;
  /** What is stored, as the sentence's subject ("the key you enter here"). */
  subject: string;
  /** The subject names several things ("… are stored", "keep them"). */
  plural?: boolean;
  className: string;
  testId: string;
}) {
  if (storage?.kind !== 'plain-file') return null;
  return (
    <p className={className} data-testid={testId}>
      This host (<code>sightline serve</code>) has no OS encryption: {subject} {plural ? 'are' : 'is'} stored
      unencrypted in <code>{storage.path}</code>, a file only your user can read. Use the desktop app to keep{' '}
      {plural ? 'them' : 'it'} encrypted.
    </p>
  );
}
