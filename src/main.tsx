import 'bootstrap/dist/css/bootstrap.min.css';
import './styles/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setReady } from './app/appSlice';
import { App } from './app/App';
import { installDevtoolsGuard } from './app/devtoolsGuard';
import { removeServiceWorkers, reportWebVitals } from './app/startup';
import { preloadHttp } from './api/http';
import { makeStore } from './app/store';
import { startLanguage } from './i18n';
import { checkSession } from './features/session';

preloadHttp();
const store = makeStore();
void store.dispatch(checkSession()).finally(() => store.dispatch(setReady()));

if (import.meta.env.PROD) installDevtoolsGuard();
void removeServiceWorkers().catch(() => undefined);
void reportWebVitals();

// The first paint waits for the visitor's language (texts and, for Arabic, the RTL stylesheet).
void startLanguage().finally(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  ),
);
