import { createDownloader } from '../../../platform/net/download';
import { createHttpClient } from '../../../platform/net/httpClient';
import { defaultDataDir, readEnvironment } from '../../../platform/settings/environment';
import { createDataCache } from '../cache/dataCache';
import { isCardLocale } from '../cards/cardBundles';
import type { CardIndex } from '../cards/cardIndex';
import { staticDataCacheDir } from '../staticDataFeature';
import { cacheSummary } from '../cacheViews';

const PREFERRED_CARD_LOCALE = 'en_us';

/**
 * The card data the app has cached in the data folder (`sightline data sync` fills it), English when cached, else
 * the first language that is; null when none is. Read from disk only: nothing is downloaded.
 */
export async function cachedCardIndex(environment: NodeJS.ProcessEnv): Promise<CardIndex | null> {
  const env = readEnvironment(environment);
  const dataDir = env.dataDir ?? defaultDataDir(process.platform, environment);
  const http = createHttpClient();
  try {
    const service = createDataCache({
      cacheDir: staticDataCacheDir(dataDir),
      http,
      download: createDownloader(),
    });
    const locales = cacheSummary(await service.status())
      .cards.filter((entry) => entry.indexedAt)
      .map((entry) => entry.locale)
      .filter(isCardLocale);
    const locale = locales.includes(PREFERRED_CARD_LOCALE) ? PREFERRED_CARD_LOCALE : locales[0];
    if (!locale) return null;
    const index = await service.loadCardIndex(locale);
    return index.ok ? index.value : null;
  } finally {
    http.close();
  }
}
