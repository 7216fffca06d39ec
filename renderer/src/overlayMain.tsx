import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { OverlayApp } from './app/OverlayApp';
import { overlayViewFor } from './app/overlayViewRegistry';
import { createAppApi } from './bridge/appApi';
import { selectBridge } from './bridge/selectBridge';
import { AppProvider } from './state/AppContext';
import { connectAppStore, createAppStore } from './state/appStore';
import './styles.css';

// The overlays' own entry (overlay.html): the connection and store every overlay needs, then the route's view as
// a chunk of its own. No request cache here: only the arena overlays ask lookups, and their chunk brings one.
const store = createAppStore();
const api = createAppApi(selectBridge((transport) => store.setState({ transport })));
connectAppStore(store, api);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <AppProvider api={api} store={store}>
        <OverlayApp view={overlayViewFor(window.location.pathname)} />
      </AppProvider>
    </StrictMode>,
  );
}
