/**
 * A PostgreSQL URL as it may be shown or logged: its password replaced by "***" (host, port, user and
 * database stay). Text that is not a postgres:// URL is not shown at all: where its secret is cannot be told.
 */
export function redactDatabaseUrl(url: string): string {
  const parsed = postgresUrl(url);
  if (!parsed) return '(not a postgres:// URL)';
  if (parsed.password !== '') parsed.password = '***';
  for (const name of ['password', 'sslpassword']) {
    if (parsed.searchParams.has(name)) parsed.searchParams.set(name, '***');
  }
  return parsed.href.replace(/%2A%2A%2A/g, '***');
}

/** The URL's secrets (its password, as written and decoded), for scrubbing them out of a message. */
export function databaseUrlSecrets(url: string): string[] {
  try {
    const parsed = new URL(url);
    const secrets = [
      parsed.password,
      ...['password', 'sslpassword'].map((name) => parsed.searchParams.get(name) ?? ''),
    ];
    return [...new Set(secrets.flatMap((secret) => [secret, safeDecode(secret)]))].filter(
      (secret) => secret !== '',
    );
  } catch {
    return [url];
  }
}

/** The URL parsed, if it is a postgres:// (or postgresql://) one. */
export function postgresUrl(url: string): URL | null {
  try {
    const parsed = new URL(url);
    return /^postgres(ql)?:$/.test(parsed.protocol) ? parsed : null;
  } catch {
    return null;
  }
}

/** `text` with every secret of the URL replaced by "***". */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  return secrets.reduce((scrubbed, secret) => scrubbed.split(secret).join('***'), text);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
