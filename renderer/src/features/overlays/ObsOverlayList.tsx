import { isOverlayName, overlayContent, type AppState, type OverlayContent } from '@shared/contract';
import { useAppState } from '../../state/AppContext';
import { useAppInfo } from '../../state/useAppInfo';
import { BroadcastTeamsPanel } from '../broadcast/BroadcastTeamsPanel';
import { LayoutEditor } from './LayoutEditor';
import { OverlayPreview } from './OverlayPreview';
import './overlays.css';

/** What each overlay draws now, from the same rule the overlays follow: the streamer sees it here, not on stream. */
function useOverlayContent(): (name: string) => OverlayContent | null {
  const live = useAppState((state) => state.live);
  const card = useAppState((state) => state.card);
  const sources = useAppState((state) => state.sources);
  return (name) => {
    if (!live || !card || !sources || !isOverlayName(name)) return null;
    const state: Pick<AppState, 'live' | 'card' | 'sources'> = { live, card, sources };
    return overlayContent(name, state);
  };
}

function OverlayContentBadge({ name, content }: { name: string; content: OverlayContent | null }) {
  if (!content) return null;
  return (
    <span
      className={`overlay-content ${content.showing ? 'showing' : 'blank'}`}
      data-testid={`overlay-${name}-content`}
      data-showing={content.showing}
    >
      {content.showing ? 'Showing now' : `Blank on stream: ${content.blankBecause}`}
    </span>
  );
}

/** The overlay routes with their full URLs and a live preview of each, and the arena widgets' layout view. */
export function ObsOverlayList() {
  const info = useAppInfo();
  const contentOf = useOverlayContent();
  if (info.isPending) return <p className="muted">Loading…</p>;
  if (info.isError) return <p className="error">{info.error.message}</p>;
  const base = info.data.overlayHostUrl ? new URL(info.data.overlayHostUrl) : null;
  const urlOf = (path: string) => (base ? `${base.origin}${path}${base.search}` : null);
  const arena = info.data.overlays.find((overlay) => overlay.name === 'arena');
  return (
    <>
      <section className="panel" aria-labelledby="obs-title">
        <h2 id="obs-title">OBS browser sources</h2>
        <p className="muted">
          Add a Browser source in OBS, paste the URL, and set the width and height shown. The background is
          transparent. These links can only watch (no commands); replace them on the Settings page if one
          leaks. An overlay with nothing to show stays blank on stream; why is said here and on the Status
          page.
        </p>
        {/* One grid for every row (subgrid): previews, URLs and Copy buttons each line up in their column. */}
        <ul className="overlay-list">
          {info.data.overlays.map((overlay) => {
            const url = urlOf(overlay.path);
            return (
              <li key={overlay.name} data-testid={`overlay-${overlay.name}`}>
                {url ? (
                  <OverlayPreview
                    url={url}
                    title={overlay.title}
                    width={overlay.width}
                    height={overlay.height}
                  />
                ) : (
                  <span className="overlay-preview" />
                )}
                <span className="overlay-about">
                  <strong>{overlay.title}</strong>
                  <span className="muted">
                    {overlay.width}×{overlay.height}
                  </span>
                  <OverlayContentBadge name={overlay.name} content={contentOf(overlay.name)} />
                </span>
                {url ? (
                  <code className="url">{url}</code>
                ) : (
                  <span className="muted">The browser host is off.</span>
                )}
                {url ? (
                  <button type="button" onClick={() => void navigator.clipboard.writeText(url)}>
                    Copy
                  </button>
                ) : (
                  <span />
                )}
              </li>
            );
          })}
        </ul>
      </section>
      <LayoutEditor arenaUrl={arena ? urlOf(arena.path) : null} />
      <BroadcastTeamsPanel />
    </>
  );
}
