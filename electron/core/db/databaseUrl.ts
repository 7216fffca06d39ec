/**
 * A PostgreSQL URL as it may be shown or logged: its password replaced by "***" (host, port, user and
 * database stay). Text that does not parse as a URL is not shown at all.
 */
export function redactDatabaseUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '(a database URL that does not parse)';
  }
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
