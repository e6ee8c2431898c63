import type { Client } from '@app/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { useState } from 'react';
import { type FieldValues, FormProvider, type Path, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { resourceKey } from '../../../components/data-table';
import { FieldGrid, PhoneField } from '../../../components/fields';
import { ApiError } from '../../../lib/api';
import { notify } from '../../../lib/toast';
import { clientBody, clientEditForm, clientFormValues, DETAIL_FIELDS, requiredFor } from '../client-form';
import { syncClientImage } from '../client-media';
import { CLIENTS, fetchClient, updateClient } from '../clients.api';
import { CommercialFields } from '../form/CommercialFields';
import { DeliveryFields } from '../form/DeliveryFields';
import { IdentityFields } from '../form/IdentityFields';

const schema = clientEditForm as unknown as z.ZodType<FieldValues, FieldValues>;
const required = requiredFor('edit');

/**
 * The Information tab: the client form on one page with the light required list (the edit's), plus
 * the loyalty phone GSM_FID (exactly 8 digits or +). Saved with PUT clients/{id}; the image after.
 */
export function ClientInfoForm({ client, editable, showChefZone }: { client: Client; editable: boolean; showChefZone: boolean }) {
  const qc = useQueryClient();
  const [saving, setSaving] = useState(false);
  const form = useForm<FieldValues, unknown, FieldValues>({
    resolver: zodResolver(schema),
    defaultValues: clientFormValues(client, DETAIL_FIELDS),
    disabled: !editable,
    mode: 'onTouched',
  });

  const save = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      const saved = await updateClient(client.id, clientBody(values));
      let imageFailed = false;
      try {
        await syncClientImage(saved, values.file, client);
      } catch {
        imageFailed = true;
      }
      const fresh = imageFailed ? saved : await fetchClient(client.id).catch(() => saved);
      form.reset(clientFormValues(fresh, DETAIL_FIELDS));
      await qc.invalidateQueries({ queryKey: resourceKey(CLIENTS) });
      if (imageFailed) notify.warn('Enregistrement partiel', 'Le client est enregistré, mais l’image n’a pas pu être envoyée.');
      else notify.success('Modification effectuée', 'Les données du client ont été enregistrées.');
    } catch (err) {
      // 422: the server's field errors go on the fields; other failures were toasted by the catalogue.
      if (err instanceof ApiError && err.status === 422) {
        for (const [name, msgs] of Object.entries(err.errors))
          if (msgs[0]) form.setError(name as Path<FieldValues>, { type: 'server', message: msgs[0] }, { shouldFocus: true });
      }
    } finally {
      setSaving(false);
    }
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={save} noValidate aria-label="Informations du client">
        <fieldset className="client-form-section">
          <legend>Identité</legend>
          <IdentityFields required={required} showChefZone={showChefZone} />
        </fieldset>
        <fieldset className="client-form-section">
          <legend>Fidélité</legend>
          <FieldGrid>
            <PhoneField name="GSM_FID" label="GSM fidélité" hint="8 caractères : chiffres ou +." />
          </FieldGrid>
        </fieldset>
        <fieldset className="client-form-section">
          <legend>Conditions commerciales</legend>
          <CommercialFields required={required} />
        </fieldset>
        <fieldset className="client-form-section">
          <legend>Livraison</legend>
          <DeliveryFields required={required} />
        </fieldset>
        {editable && (
          <div className="client-form-actions">
            <Button
              type="button"
              label="Rétablir"
              title="Annuler les modifications non enregistrées"
              severity="secondary"
              outlined
              disabled={saving || !form.formState.isDirty}
              onClick={() => form.reset()}
            />
            <Button type="submit" label="Enregistrer" icon="pi pi-check" loading={saving} />
          </div>
        )}
      </form>
    </FormProvider>
  );
}
