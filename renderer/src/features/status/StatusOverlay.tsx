import { LegalFooter } from '../legal/LegalNotice';
import { GameClock } from './GameClock';
import { displayLocale } from '../../ui/locale/displayLocale';
import { SourceStatusList } from './SourceStatusList';

/** OBS browser source / overlay window: fixed size, transparent around a compact card. */
export function StatusOverlay() {
  return (
    <div className="overlay-card">
      <GameClock />
      <SourceStatusList compact locale={displayLocale(null)} />
      <LegalFooter compact />
    </div>
  );
}
