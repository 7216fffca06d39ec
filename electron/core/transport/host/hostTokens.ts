import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppRequestError, type HostLinkKind } from '@shared/contract';
import { writeFileAtomic } from '../../platform/fs/atomicFile';
import { noWriteFailureSink, type WriteFailureSink } from '../../platform/fs/writeFailure';
import { tokenMatches } from './hostGuards';

/** Kept in the data folder, readable by the user only; the companion file keeps its old name. */
const TOKEN_FILES: Record<HostLinkKind, string> = {
  companion: 'host-token',
  overlay: 'host-overlay-token',
};

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/** The browser host's per-install tokens: a companion one that may command, an overlay one that may only watch. */
export interface HostTokens {
  tokenOf(kind: HostLinkKind): string;
  /** Which kind of link an offered token opens, or null for none. */
  kindOf(offered: string | null | undefined): HostLinkKind | null;
  /** Makes and keeps a new token for one kind; the old one stops working at once. */
  rotate(kind: HostLinkKind): Promise<string>;
}

export interface HostTokenOptions {
  /** SIGHTLINE_HOST_TOKEN was given: the companion token is fixed for this run, never saved or rotated. */
  fixedCompanion?: boolean;
  /** Keeps a new token (the data folder); tokens live in memory only without it. */
  save?: (kind: HostLinkKind, token: string) => Promise<void>;
  /** Called with every token that comes into use, so the logger can redact it. */
  onToken?: (token: string) => void;
}

export function createHostTokens(
  initial: Record<HostLinkKind, string>,
  options: HostTokenOptions = {},
): HostTokens {
  const tokens = { ...initial };
  for (const token of Object.values(tokens)) options.onToken?.(token);
  return {
    tokenOf: (kind) => tokens[kind],
    kindOf(offered) {
      if (tokenMatches(offered, tokens.companion)) return 'companion';
      if (tokenMatches(offered, tokens.overlay)) return 'overlay';
      return null;
    },
    async rotate(kind) {
      if (kind === 'companion' && options.fixedCompanion) {
        throw new AppRequestError({
          code: 'unsupported',
          message: 'The companion token is set by SIGHTLINE_HOST_TOKEN for this run; change it there.',
        });
      }
      const token = newToken();
      await options.save?.(kind, token);
      options.onToken?.(token);
      tokens[kind] = token;
      return token;
    },
  };
}

/**
 * The tokens kept in the data folder, made on first use; `fixedCompanion` is SIGHTLINE_HOST_TOKEN. `writeFailed`
 * decides whether a token that cannot be saved is kept in memory (a read-only or full folder) or fails.
 */
export async function loadHostTokens(
  dataDir: string,
  fixedCompanion: string | null,
  onToken?: (token: string) => void,
  writeFailed: WriteFailureSink = noWriteFailureSink,
): Promise<HostTokens> {
  const save = async (kind: HostLinkKind, token: string): Promise<void> => {
    try {
      await writeFileAtomic(join(dataDir, TOKEN_FILES[kind]), token, 0o600);
    } catch (error) {
      // A read-only or full data folder: the token holds for this run, and the links change at the next start.
      if (!writeFailed(error, 'host links')) throw error;
    }
  };
  const loadOrCreate = async (kind: HostLinkKind): Promise<string> => {
    const kept = await readKeptToken(dataDir, kind);
    if (kept !== null) return kept;
    const token = newToken();
    await save(kind, token);
    return token;
  };
  const companion = fixedCompanion ?? (await loadOrCreate('companion'));
  let overlay = await loadOrCreate('overlay');
  // Equal tokens would make every overlay link a companion link.
  if (overlay === companion) {
    overlay = newToken();
    await save('overlay', overlay);
  }
  return createHostTokens({ companion, overlay }, { fixedCompanion: fixedCompanion !== null, save, onToken });
}

/** The token of one kind kept in the data folder, or null when there is none (or not a token). */
export async function readKeptToken(dataDir: string, kind: HostLinkKind): Promise<string | null> {
  const kept = (await readFile(join(dataDir, TOKEN_FILES[kind]), 'utf8').catch(() => '')).trim();
  return TOKEN_PATTERN.test(kept) ? kept : null;
}

function newToken(): string {
  return randomBytes(24).toString('base64url');
}
