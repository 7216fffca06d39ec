import { LegalFooter } from '../features/legal/LegalNotice';
import { useTransportStatus } from './AppContext';
import { navigate, useRoutePath } from './route';
import { BARE_VIEWS, PAGES } from './viewRegistry';

export function App() {
  const path = useRoutePath();
  const bare = BARE_VIEWS.find((candidate) => candidate.path === path);
  if (bare) {
    // OBS composites transparent views over the scene; panels keep the app's background.
    document.documentElement.classList.toggle('overlay-mode', bare.transparent);
    const View = bare.view;
    return <View />;
  }
  const page = PAGES.find((candidate) => candidate.path === path) ?? PAGES[0];
  if (!page) return null;
  const Page = page.view;
  return (
    <div className="companion">
      <header className="app-header">
        <h1>Sightline</h1>
        <nav aria-label="Pages">
          {PAGES.map((candidate) => (
            <a
              key={candidate.path}
              href={`${candidate.path}${window.location.search}`}
              aria-current={candidate === page ? 'page' : undefined}
              onClick={(event) => {
                event.preventDefault();
                navigate(candidate.path);
              }}
            >
              {candidate.label}
            </a>
          ))}
        </nav>
        <TransportBadge />
      </header>
      <main>
        <Page />
      </main>
      <LegalFooter />
    </div>
  );
}

function TransportBadge() {
  const status = useTransportStatus();
  if (status === 'open') return null;
  return (
    <span className="transport-badge" role="status">
      {status === 'connecting' ? 'Connecting to Sightline…' : 'Disconnected from Sightline, retrying…'}
    </span>
  );
}
