import { Button } from 'primereact/button';
import type { Density } from './density';

/** « Densité compacte »: an on/off button (aria-pressed) in the list's toolbar. */
export function DensityToggle({ density, onChange }: { density: Density; onChange: (d: Density) => void }) {
  const on = density === 'compact';
  return (
    <Button
      type="button"
      className="dt-density"
      icon="pi pi-table"
      outlined={!on}
      severity="secondary"
      aria-label="Densité compacte"
      aria-pressed={on}
      title={on ? 'Densité compacte (activée) : revenir à la densité normale' : 'Densité compacte : lignes plus serrées, plus de colonnes visibles'}
      onClick={() => onChange(on ? 'normal' : 'compact')}
    />
  );
}
