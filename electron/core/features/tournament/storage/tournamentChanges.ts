/**
 * On PostgreSQL, every transaction that changes the desk's data notifies this channel (`pg_notify`, sent when
 * it commits), with the changed table's name as the payload; desks on other machines LISTEN to it and read
 * the store again, instead of polling the database.
 */
export const TOURNAMENT_CHANGES_CHANNEL = 'sightline_tournament_desk';
