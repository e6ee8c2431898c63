import { zodResolver } from '@hookform/resolvers/zod';
import { returnLineBody } from '@app/domain';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useRef } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FieldGrid, NumberField, SearchSelectField, TextField } from '../../components/fields';

export interface ProductOption extends Record<string, unknown> {
  id: number;
  REF: string;
  LABEL: string;
  UNITE_VENTE: string | null;
}
export const productLabel = (p: Pick<ProductOption, 'REF' | 'LABEL'>) => `${p.REF} — ${p.LABEL}`;

export type ChosenLine = z.output<typeof returnLineBody> & { LABEL: string };

/**
 * The second dialog of a return: a product not already in the return, its
 * quantity (required) and its sales unit. No <form> of its own: it sits inside the return's form.
 */
export function ProductLineDialog({
  visible,
  exclude,
  onAdd,
  onHide,
}: {
  visible: boolean;
  exclude: number[];
  onAdd: (line: ChosenLine) => void;
  onHide: () => void;
}) {
  const form = useForm<z.input<typeof returnLineBody>, unknown, z.output<typeof returnLineBody>>({
    resolver: zodResolver(returnLineBody),
    defaultValues: { PRODUCT_ID: null as unknown as number, QTE: '', UV: '' },
  });
  // Names of the products the search showed, for the line's label.
  const labels = useRef(new Map<number, string>()).current;
  const add = form.handleSubmit((line) => {
    if (exclude.includes(line.PRODUCT_ID)) {
      form.setError('PRODUCT_ID', { message: 'Ce produit est déjà dans le retour.' });
      return;
    }
    onAdd({ ...line, LABEL: labels.get(line.PRODUCT_ID) ?? String(line.PRODUCT_ID) });
    form.reset();
  });
  const footer = (
    <div className="fd-footer">
      <Button type="button" label="Annuler" outlined onClick={onHide} />
      <Button type="button" label="Ajouter" icon="pi pi-plus" onClick={() => void add()} />
    </div>
  );
  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      header="Ajouter un produit"
      footer={footer}
      style={{ width: '40rem' }}
      breakpoints={{ '767px': '95vw' }}
      baseZIndex={11000}
      draggable={false}
    >
      <FormProvider {...form}>
        <FieldGrid>
          <SearchSelectField<ProductOption>
            name="PRODUCT_ID"
            label="Produit"
            required
            wide
            path="products"
            optionLabel={(p) => {
              labels.set(p.id, productLabel(p));
              return productLabel(p);
            }}
            placeholder="Référence ou nom du produit…"
            emptyMessage="Aucun produit trouvé"
          />
          <NumberField name="QTE" label="Quantité" required decimals={0} />
          <TextField name="UV" label="Unité de vente (UV)" maxLength={30} />
        </FieldGrid>
      </FormProvider>
    </Dialog>
  );
}
