import { StrictMode, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { OverlayApp } from './app/OverlayApp';
import { loadOverlayView } from './app/overlayViewRegistry';
import { createAppApi } from './bridge/appApi';
import { readEmbeddedSnapshot } from './bridge/embeddedSnapshot';
import { selectBridge } from './bridge/selectBridge';
import { AppProvider } from './state/AppContext';
import { connectAppStore, createAppStore } from './state/appStore';
import './styles.css';

// The overlays' own entry (overlay.html): the route's view (a chunk of its own) and the host's socket are both on
// their way before React starts, and the first render waits only for the view. It draws the snapshot the host put
// in the page, so the first value does not wait for the socket to open. No request cache here: only the arena
// overlays ask lookups, and their chunk brings one.
const viewLoad = loadOverlayView(window.location.pathname);
const store = createAppStore(readEmbeddedSnapshot(document));
const api = createAppApi(selectBridge((transport) => store.setState({ transport })));
connectAppStore(store, api);

const render = (view: ComponentType | null): void => {
  const root = document.getElementById('root');
  if (!root) return;
  const reactRoot = createRoot(root);
  // Rendered and committed now, not in a task React's scheduler posts for later: on a cold start the page's
  // tasks queue behind its scripts' compiles, and its first value is what the OBS source waits for.
  flushSync(() =>
    reactRoot.render(
      <StrictMode>
        <AppProvider api={api} store={store}>
          <OverlayApp view={view} />
        </AppProvider>
      </StrictMode>,
    ),
  );
};

// A view that fails to load draws nothing (as a mistyped route), and says why in the page's console.
(viewLoad ?? Promise.resolve(null)).then(render, (error: unknown) => {
  console.error('Sightline could not load this overlay', error);
  render(null);
});
