import type { ApiVersion } from '@shared/contract';
import { ENDPOINTS } from './endpoints';
import { checkMatchId, type MatchId, type ParamCheck } from './pathParams';
import { checkRouting } from './routingValues';

/**
 * Which match, and where it is served for the path version in use: v5 on the region of the platform in
 * the match ID, v4 on the platform itself. A routing value given by the user must agree, or the call
 * is refused (the match is not on another cluster). A bare game number takes its platform from `routing`.
 */
export function locateMatch(
  raw: string,
  routing: string,
  version: ApiVersion,
): ParamCheck<{ id: MatchId; routing: string }> {
  const bare = /^\d+$/.test(raw.trim());
  const id = checkMatchId(bare && routing.trim() ? `${routing.trim()}_${raw.trim()}` : raw);
  if (!id.ok) return id;
  const expected = version === 'v5' ? id.value.region : id.value.platform;
  if (!routing.trim() || bare) return { ok: true, value: { id: id.value, routing: expected } };
  const endpoint = version === 'v5' ? ENDPOINTS.matchV5 : ENDPOINTS.matchV4;
  const checked = checkRouting(endpoint.routing, routing, endpoint.label);
  if (!checked.ok) return checked;
  if (checked.value !== expected) {
    return {
      ok: false,
      message: `Wrong region for this endpoint: ${id.value.id} was played on ${id.value.platform}, so it is on ${expected}, not ${checked.value}.`,
    };
  }
  return { ok: true, value: { id: id.value, routing: expected } };
}
