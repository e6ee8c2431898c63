import { Button } from 'primereact/button';
import { useState } from 'react';
import { FieldShell } from '../../components/fields';
import { useField } from '../../components/fields/useField';
import { type ChosenLine, ProductLineDialog } from './ProductLineDialog';

/** The products of a return: the chosen lines (removable) and the button opening the product dialog. */
export function ReturnItemsField() {
  const { field, id, error, disabled } = useField('ITEMS');
  const [adding, setAdding] = useState(false);
  const lines: ChosenLine[] = Array.isArray(field.value) ? field.value : [];
  return (
    <FieldShell id={id} label="Produits" required error={error} wide>
      <ul className="ret-lines" id={id} aria-label="Produits du retour">
        {lines.map((l) => (
          <li key={l.PRODUCT_ID}>
            <span>
              {l.LABEL} — <strong>{l.QTE}</strong> {l.UV ?? ''}
            </span>
            {!disabled && (
              <Button
                type="button"
                text
                rounded
                severity="danger"
                icon="pi pi-times"
                aria-label={`Retirer ${l.LABEL}`}
                onClick={() => field.onChange(lines.filter((x) => x.PRODUCT_ID !== l.PRODUCT_ID))}
              />
            )}
          </li>
        ))}
        {!lines.length && <li className="ret-empty">Aucun produit ajouté</li>}
      </ul>
      {!disabled && <Button type="button" outlined icon="pi pi-plus" label="Ajouter un produit" onClick={() => setAdding(true)} />}
      <ProductLineDialog
        visible={adding}
        exclude={lines.map((l) => l.PRODUCT_ID)}
        onHide={() => setAdding(false)}
        onAdd={(line) => {
          field.onChange([...lines, line]);
          setAdding(false);
        }}
      />
    </FieldShell>
  );
}
