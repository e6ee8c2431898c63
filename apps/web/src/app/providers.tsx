import { QueryClientProvider } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import { RouterProvider } from 'react-router';
import { queryClient } from '../lib/query';
import { router } from './router';

/**
 * Dialogs start at z-index 10000; overlays and toasts stack above them. No ripple: each button's ink
 * measures its button when it mounts, a forced layout per button, which cost a list of 100 rows (two
 * row buttons each) a fifth of a second before it could answer a click.
 */
const PRIME = {
  locale: 'fr',
  ripple: false,
  zIndex: { modal: 10000, overlay: 11000, menu: 11000, tooltip: 12000, toast: 13000 },
};

export function App() {
  return (
    <PrimeReactProvider value={PRIME}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </PrimeReactProvider>
  );
}
