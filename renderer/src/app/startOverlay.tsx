import { StrictMode, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { overlayRouteAt } from '@shared/contract/overlays';
import { createAppApi } from '../bridge/appApi';
import { readEmbeddedSnapshot } from '../bridge/embeddedSnapshot';
import { selectBridge } from '../bridge/selectBridge';
import type { OverlayViews } from '../navigation/overlayViews';
import { AppProvider } from '../state/AppContext';
import { connectAppStore, createAppStore } from '../state/appStore';
import { OverlayApp } from './OverlayApp';
import '../styles.css';

/**
 * The view `views` has for the overlay route at `path`: null for a mistyped route, or one of another feature's
 * (a page must draw nothing there: OBS shows what a source draws), which the page's console names.
 */
export function overlayViewAt(path: string, views: OverlayViews): ComponentType | null {
  const route = overlayRouteAt(path);
  if (!route) return null;
  const view = views[route.name];
  if (!view) console.error(`Sightline: this page does not draw the overlay ${route.name}`);
  return view ?? null;
}

/**
 * Starts an overlay page (its feature's entry, overlayEntries/): draws its route's view from the snapshot the host
 * put in the page, so the first value does not wait for the socket, which opens beside it.
 */
export function startOverlay(views: OverlayViews): void {
  const store = createAppStore(readEmbeddedSnapshot(document));
  const api = createAppApi(selectBridge((transport) => store.setState({ transport })));
  connectAppStore(store, api);
  const root = document.getElementById('root');
  if (!root) return;
  const reactRoot = createRoot(root);
  const view = overlayViewAt(window.location.pathname, views);
  // Rendered and committed now, not in a task React's scheduler posts for later: on a cold start the page's
  // tasks queue behind its script's compile, and its first value is what the OBS source waits for.
  flushSync(() =>
    reactRoot.render(
      <StrictMode>
        <AppProvider api={api} store={store}>
          <OverlayApp view={view} />
        </AppProvider>
      </StrictMode>,
    ),
  );
}
