import { useAppInfo } from '../../app/useAppInfo';

/** The overlay routes with their full URLs, to paste into OBS as browser sources. */
export function ObsOverlayList() {
  const info = useAppInfo();
  if (info.isPending) return <p className="muted">Loading…</p>;
  if (info.isError) return <p className="error">{info.error.message}</p>;
  const base = info.data.overlayHostUrl ? new URL(info.data.overlayHostUrl) : null;
  return (
    <section className="panel" aria-labelledby="obs-title">
      <h2 id="obs-title">OBS browser sources</h2>
      <p className="muted">
        Add a Browser source in OBS, paste the URL, and set the width and height shown. The background is
        transparent. These links can only watch (no commands); replace them on the Settings page if one leaks.
      </p>
      <ul className="overlay-list">
        {info.data.overlays.map((overlay) => {
          const url = base ? `${base.origin}${overlay.path}${base.search}` : null;
          return (
            <li key={overlay.name} data-testid={`overlay-${overlay.name}`}>
              <strong>{overlay.title}</strong>
              <span className="muted">
                {overlay.width}×{overlay.height}
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
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
