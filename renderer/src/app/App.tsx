import { FirstRunRedirect } from '../features/firstRun/FirstRunRedirect';
import { LegalFooter } from '../features/legal/LegalNotice';
import type { ReactNode } from 'react';
import { usePushedAudience, useTransportStatus } from '../state/AppContext';
import { resolveView } from './resolveView';
import { useRoutePath } from '../navigation/route';
import { NavBar } from '../navigation/NavBar';
import { navItems } from '../navigation/navItems';
import { NAV_GROUPS } from './navigationGroups';
import { BARE_VIEWS, PAGES } from './viewRegistry';
import { LinkReplacedNotice } from './LinkReplacedNotice';

const NAV_ITEMS = navItems(PAGES, NAV_GROUPS);

export function App() {
  const path = useRoutePath();
  const resolved = resolveView(path, BARE_VIEWS, PAGES);
  if (resolved?.kind === 'bare') {
    const View = resolved.view.view;
    return (
      <>
        <LinkReplacedNotice />
        <View />
      </>
    );
  }
  if (!resolved) return null;
  const page = resolved.view;
  const Page = page.view;
  return (
    <div className="companion">
      <header className="app-header">
        <h1>Sightline</h1>
        <NavBar items={NAV_ITEMS} current={page} />
        <TransportBadge />
      </header>
      <CompanionOnly unless={page.forOverlayLinks === true}>
        <FirstRunRedirect path={path} />
        <main className="page-frame">
          <Page />
        </main>
      </CompanionOnly>
      <LegalFooter />
    </div>
  );
}

const TRANSPORT_TEXT = {
  connecting: 'Connecting to Sightline…',
  closed: 'Disconnected from Sightline, retrying…',
  replaced: 'This link was replaced in Settings: open Sightline’s new companion link.',
} as const;

function TransportBadge() {
  const status = useTransportStatus();
  if (status === 'open') return null;
  return (
    <span className="transport-badge" role="status" data-testid="transport-status">
      {TRANSPORT_TEXT[status]}
    </span>
  );
}

/**
 * The app's pages need the companion's state: opened with an overlay link they say so instead of drawing half,
 * `unless` the page reads no state (the legal notice).
 */
function CompanionOnly({ unless, children }: { unless: boolean; children: ReactNode }) {
  const audience = usePushedAudience();
  if (unless || audience !== 'overlay') return children;
  return (
    <main className="page-frame">
      <p className="overlay-link-page" role="status" data-testid="overlay-link-page">
        This is an overlay link: it shows only the overlays (Sightline → OBS overlays). Open Sightline’s
        companion link for this page.
      </p>
    </main>
  );
}
