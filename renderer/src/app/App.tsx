import { LegalFooter, LegalPage } from '../features/legal/LegalNotice';
import { ObsOverlayList } from '../features/overlays/ObsOverlayList';
import { StatusOverlay } from '../features/status/StatusOverlay';
import { StatusPage } from '../features/status/StatusPage';
import { useTransportStatus } from './AppContext';
import { navigate, useRoutePath } from './route';

const OVERLAYS: Record<string, () => React.JSX.Element> = {
  '/overlay/status': StatusOverlay,
};

const PAGES = [
  { path: '/', label: 'Status', view: StatusPage },
  { path: '/overlays', label: 'OBS overlays', view: ObsOverlayList },
  { path: '/legal', label: 'Legal', view: LegalPage },
];

export function App() {
  const path = useRoutePath();
  const Overlay = OVERLAYS[path];
  if (Overlay) {
    document.documentElement.classList.add('overlay-mode');
    return <Overlay />;
  }
  const page = PAGES.find((candidate) => candidate.path === path) ?? PAGES[0];
  const Page = page?.view ?? StatusPage;
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
