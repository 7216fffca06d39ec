import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { checkCallbackUrl } from '../../core/features/tournament/callbackUrl';
import { createWebApiDataset } from '../webApi/webApiDataset';
import { PLATFORM_REGION } from '../../../shared/contract';

/** The Riot IDs, match IDs and callback URL the README's Demo section tells people to type all work in the demo. */
describe("the README's demo samples", async () => {
  const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
  const demo = /\n## Demo\n([\s\S]*?)\n## /.exec(readme)?.[1] ?? '';
  const spans = [...demo.replace(/```[\s\S]*?```/g, ' ').matchAll(/`([^`]+)`/g)].map(
    (match) => match[1] ?? '',
  );
  const data = createWebApiDataset();

  it('names Riot IDs of simulated players, each with recent matches', () => {
    const riotIds = spans.filter((span) => /^[^#\s<][^#<]*#\w+$/.test(span));
    expect(riotIds.length).toBeGreaterThanOrEqual(3);
    for (const riotId of riotIds) {
      const [gameName = '', tagLine = ''] = riotId.split('#');
      const player = data.playerByRiotId(gameName, tagLine);
      expect(player, riotId).not.toBeNull();
      if (player) expect(data.recentGameIds(player)).toHaveLength(20);
    }
  });

  it('names match IDs the simulated web API answers, in the region the README gives', () => {
    const matches = [...demo.matchAll(/`([A-Z]+\d?)_(\d+)`\s*\((\w+)\)/g)];
    expect(matches.length).toBeGreaterThanOrEqual(3);
    for (const [, platform = '', gameId = '', region = ''] of matches) {
      expect(
        (PLATFORM_REGION as Record<string, string>)[platform.toLowerCase()],
        `${platform}_${gameId}`,
      ).toBe(region);
      expect(data.match(platform.toLowerCase(), Number(gameId)), `${platform}_${gameId}`).not.toBeNull();
    }
  });

  it('names a callback URL that passes the check and keeps the path results are received on', () => {
    const url = spans.find((span) => /^https?:\/\/.*\/tournament\/callback$/.test(span));
    expect(url).toBeDefined();
    expect(checkCallbackUrl(url ?? '')).toMatchObject({ valid: true });
  });
});
