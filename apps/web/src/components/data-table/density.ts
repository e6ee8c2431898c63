import { useSyncExternalStore } from 'react';

/**
 * The lists' density: « Densité compacte » narrows paddings and type so more columns
 * fit at 1366 px. One choice for every list, remembered in this browser (localStorage) and shared
 * live between the lists on screen.
 */
export const DENSITY_KEY = 'dt-density';
export type Density = 'normal' | 'compact';

const listeners = new Set<() => void>();

export function readDensity(): Density {
  try {
    return localStorage.getItem(DENSITY_KEY) === 'compact' ? 'compact' : 'normal';
  } catch {
    // Storage refused (private mode, quota): the normal density.
    return 'normal';
  }
}

export function writeDensity(density: Density): void {
  try {
    if (density === 'compact') localStorage.setItem(DENSITY_KEY, 'compact');
    else localStorage.removeItem(DENSITY_KEY);
  } catch {
    // Not remembered, still applied for this page's lifetime below.
  }
  current = density;
  for (const l of listeners) l();
}

let current: Density | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab's choice.
  const onStorage = (e: StorageEvent) => {
    if (e.key === DENSITY_KEY) {
      current = readDensity();
      listener();
    }
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function snapshot(): Density {
  if (current === null) current = readDensity();
  return current;
}

export function useDensity(): [Density, (d: Density) => void] {
  return [useSyncExternalStore(subscribe, snapshot, () => 'normal' as Density), writeDensity];
}
