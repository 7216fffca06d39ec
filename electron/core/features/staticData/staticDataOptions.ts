import type { LookupFunction } from 'node:net';
import type { ArenaRegion } from '@shared/contract/staticData';
import type { Downloader } from '../../platform/net/download';

export interface StaticDataFeatureOptions {
  /**
   * Check after start what is cached against the hosts (a new patch or card release) and, with the autoSync
   * setting, download what the user's language still lacks. Default true.
   */
  refreshOnStart?: boolean;
  refreshDelayMs?: number;
  /** The system's language ("de-DE", from the desktop shell): the user's language while no setting names one. */
  systemLocale?: string;
  /** For tests: the background retries' first and longest waits (default 30 s and 30 min). */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Default: a downloader of its own (resolving names with `lookup`), closed on stop. */
  download?: Downloader;
  /** How the downloader resolves host names (Node's DNS lookup by default); tests pass one that fails. */
  lookup?: LookupFunction;
  /** For tests: a fixed region instead of the `staticData.region` setting. */
  region?: ArenaRegion;
}
