/**
 * Where this host keeps a secret the user enters (never the value): the OS's encryption in the desktop
 * app, or, in `sightline serve`, which has none, a plain file only this user can read, named so the page
 * where the secret is entered can say so.
 */
export type SecretStorage = { kind: 'os-encrypted' } | { kind: 'plain-file'; path: string };
