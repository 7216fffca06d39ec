import { TransportControls } from './TransportControls';

export function TransportPanel() {
  return (
    <section className="panel transport-panel" aria-labelledby="transport-title">
      <header className="panel-head">
        <h2 id="transport-title">Playback</h2>
      </header>
      <TransportControls />
    </section>
  );
}
