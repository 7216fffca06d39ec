import { CameraPanel } from './CameraPanel';
import { GameCfgPanel } from './GameCfgPanel';
import { HighlightsPanel } from './HighlightsPanel';
import { RecordingPanel } from './RecordingPanel';
import { RenderTogglesPanel } from './RenderTogglesPanel';
import { ReplayDiagnosticBanner } from './ReplayDiagnosticBanner';
import { SavedSequencesPanel } from './SavedSequencesPanel';
import { SequencerPanel } from './SequencerPanel';
import { TransportPanel } from './TransportPanel';
import './replay.css';

/** The caster's desk: transport, camera and view, the sequencer, recording, and the game.cfg switch. */
export function ReplayPage() {
  return (
    <div className="replay-desk" data-testid="replay-page">
      <ReplayDiagnosticBanner />
      <TransportPanel />
      <div className="desk-columns">
        <CameraPanel />
        <RenderTogglesPanel />
      </div>
      <SequencerPanel />
      <div className="desk-columns">
        <SavedSequencesPanel />
        <RecordingPanel />
      </div>
      <HighlightsPanel />
      <GameCfgPanel />
    </div>
  );
}
