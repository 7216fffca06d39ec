import { EMBEDDED_SNAPSHOT_ID, type StateMessage } from '@shared/contract';

/**
 * The snapshot as an inert JSON script. Every `<` is escaped (`\u003c`, which JSON.parse reads back as `<`), so
 * no string in the state (a player's name, a deck's) can close the script or open a comment: the text stays one
 * data block whatever the state holds.
 */
export function embeddedSnapshotScript(snapshot: StateMessage): string {
  const json = JSON.stringify(snapshot).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${EMBEDDED_SNAPSHOT_ID}">${json}</script>`;
}

/**
 * An overlay route's page with its snapshot in it, at the end of its body (a module script runs once the page is
 * parsed, so the entry finds it there).
 */
export function pageWithSnapshot(html: string, snapshot: StateMessage): string {
  const script = embeddedSnapshotScript(snapshot);
  const bodyEnd = html.lastIndexOf('</body>');
  return bodyEnd < 0 ? `${html}${script}` : `${html.slice(0, bodyEnd)}${script}${html.slice(bodyEnd)}`;
}
