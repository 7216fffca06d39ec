/** The publisher's required notice: shown on, or one click away from, every window and overlay. */
export const LEGAL_NOTICE =
  "Sightline isn't endorsed by Riot Games and doesn't reflect the views or opinions of Riot Games or anyone " +
  'officially involved in producing or managing Riot Games properties. Riot Games, and all associated properties ' +
  'are trademarks or registered trademarks of Riot Games, Inc.';

export const LEGAL_NOTICE_SHORT = 'Not endorsed by Riot Games.';
