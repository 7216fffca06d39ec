import { useEffect } from 'react';
import { FIRST_RUN_PATH } from '@shared/contract';
import { redirect } from '../../navigation/route';
import { useSettings } from '../../state/settingsQueries';

/** Decided once per page load: later visits to the status page within it are not sent back to the guide. */
let decided = false;

/**
 * The companion's first start: its root forwards to the first-run guide until the guide is skipped or done. Only
 * the root, and only on arrival; overlays never (they are not companion pages).
 */
export function FirstRunRedirect({ path }: { path: string }) {
  const settings = useSettings();
  const dismissed = settings.data?.settings.firstRun.dismissed;
  useEffect(() => {
    if (decided || dismissed === undefined) return;
    decided = true;
    if (path === '/' && !dismissed) redirect(FIRST_RUN_PATH);
  }, [path, dismissed]);
  return null;
}
