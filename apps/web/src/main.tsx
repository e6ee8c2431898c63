import 'primereact/resources/themes/lara-light-indigo/theme.css';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import './styles/index.css';
import { SIGN_IN_PATH } from '@app/domain';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { z } from 'zod';
import { App } from './app/providers';
import { router } from './app/router';
import { installErrorCatalogue } from './lib/errors';
import { registerFrenchLocale } from './lib/locale';
import { queryClient } from './lib/query';
import { migrateStorage } from './lib/session';

// The server's CSP allows no eval: zod must not compile its parsers with `new Function` (even its
// probe for it is reported as a violation); the interpreted parsers are fast enough for forms.
z.config({ jitless: true });

// Storage from before version 4 is dropped and the page reloads.
if (!migrateStorage()) {
  registerFrenchLocale();
  installErrorCatalogue({
    onSessionExpired: () => {
      queryClient.clear();
      void router.navigate(SIGN_IN_PATH, { replace: true });
    },
  });
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
