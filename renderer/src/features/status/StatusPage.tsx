import { DataFolderNotices } from './DataFolderNotices';
import { GameClock } from './GameClock';
import { useDisplayLocale } from '../../ui/locale/useDisplayLocale';
import { SourceStatusList } from './SourceStatusList';

export function StatusPage() {
  const locale = useDisplayLocale();
  return (
    <div className="page-grid">
      <DataFolderNotices />
      <section className="panel" aria-labelledby="connections-title">
        <h2 id="connections-title">Connections</h2>
        <SourceStatusList locale={locale} />
      </section>
      <section className="panel" aria-labelledby="game-title">
        <h2 id="game-title">Arena game</h2>
        <GameClock />
      </section>
    </div>
  );
}
