import { z } from 'zod';

/**
 * The caster's team names and tags, shown on the arena bar in place of the game's "Blue" and "Red". Empty
 * leaves the game's own label. A Riot ID's game name is at most 16 characters; a team's name on a broadcast
 * may be longer, so the bar fits up to 32 on two lines, and a tag is a short code beside the kills.
 */
export const BROADCAST_TEAM_NAME_MAX = 32;
export const BROADCAST_TEAM_TAG_MAX = 5;

const teamName = z
  .string()
  .trim()
  .max(BROADCAST_TEAM_NAME_MAX, `at most ${BROADCAST_TEAM_NAME_MAX} characters`);
const teamTag = z.string().trim().max(BROADCAST_TEAM_TAG_MAX, `at most ${BROADCAST_TEAM_TAG_MAX} characters`);

// Flat fields, so a patch of one field merges without resetting its neighbours.
const broadcastFields = {
  blueName: teamName,
  blueTag: teamTag,
  redName: teamName,
  redTag: teamTag,
};

export const broadcastSettingsSchema = z
  .object({
    blueName: broadcastFields.blueName.default(''),
    blueTag: broadcastFields.blueTag.default(''),
    redName: broadcastFields.redName.default(''),
    redTag: broadcastFields.redTag.default(''),
  })
  .prefault({});

// Without defaults: a filled-in default would overwrite a saved value.
export const broadcastSettingsPatchSchema = z.object(broadcastFields).partial().strict();

export type BroadcastSettings = z.output<typeof broadcastSettingsSchema>;
