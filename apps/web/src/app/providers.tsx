import { QueryClientProvider } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import { RouterProvider } from 'react-router';
import { queryClient } from '../lib/query';
import { router } from './router';

/** Dialogs start at z-index 10000 (spec 1 §9); overlays and toasts stack above them. */
const PRIME = {
  locale: 'fr',
  ripple: true,
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
