import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { RouteTable } from './components/route-table';
import './index.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <BrowserRouter>
        <RouteTable routes={routes} />
      </BrowserRouter>
    </AppProvider>
  </StrictMode>,
);
