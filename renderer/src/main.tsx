import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { AppProvider } from './state/AppContext';
import { createAppApi } from './bridge/appApi';
import { selectBridge } from './bridge/selectBridge';
import { connectAppStore, createAppStore } from './state/appStore';
import { createQueryClient } from './state/queryClient';
import './styles.css';

const store = createAppStore();
const api = createAppApi(selectBridge((transport) => store.setState({ transport })));
connectAppStore(store, api);
const queryClient = createQueryClient();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AppProvider api={api} store={store}>
          <App />
        </AppProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
}
