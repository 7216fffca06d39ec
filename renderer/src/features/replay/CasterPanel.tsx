import { useAppState } from '../../state/AppContext';
import { LegalFooter } from '../legal/LegalNotice';
import { ReplayDiagnosticBanner } from './ReplayDiagnosticBanner';
import { TransportControls } from './TransportControls';
import './replay.css';

/** The compact always-on-top caster window: transport, speed and seek, or why they cannot work. */
export function CasterPanel() {
  const connected = useAppState((state) => state.sources.replay.state === 'connected') ?? false;
  return (
    <div className="caster-panel" data-testid="caster-panel">
      <header className="caster-panel-head">
        <span className="brand">Sightline</span>
        <span className="caster-panel-title">Caster</span>
        <span
          className={connected ? 'dot connected' : 'dot'}
          aria-label={connected ? 'Replay connected' : 'No replay'}
        />
      </header>
      {/* Disconnected, the transport could do nothing: the window says why instead. */}
      {connected ? <TransportControls compact /> : <ReplayDiagnosticBanner compact />}
      <LegalFooter compact />
    </div>
  );
}
