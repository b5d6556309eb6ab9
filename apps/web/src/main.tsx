// First: zod's setting applies to the schemas built as the other modules load.
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers/app-providers';
import { AppRouter } from './app/router/app-router';
import { i18nReady } from './lib/i18n';
import './app/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A language loaded on demand (Arabic, say) is in place before the first paint, so nothing flashes in English.
void i18nReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  ),
);
