/**
 * Opens the data-protection (RGPD) dialog from anywhere (cookie banner, sign-in footer, shell
 * footer) without those screens importing the public feature that renders it.
 */
let open = false;
const listeners = new Set<() => void>();

function set(v: boolean) {
  open = v;
  for (const l of listeners) l();
}

export const rgpd = {
  open: () => set(true),
  close: () => set(false),
  isOpen: () => open,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
