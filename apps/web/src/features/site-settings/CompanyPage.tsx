import { type CompanySettingsBody, companySettingsBody } from '@app/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { COMPANY_KEY, fetchCompany, saveCompany } from './site-settings.api';
import './site-settings.css';

type Values = Record<keyof CompanySettingsBody, string>;
const FIELDS: { name: keyof Values; label: string; type: string; autoComplete: string }[] = [
  { name: 'NAME', label: 'Raison sociale', type: 'text', autoComplete: 'organization' },
  { name: 'TAX_ID', label: 'Matricule fiscal', type: 'text', autoComplete: 'off' },
  { name: 'ADDRESS', label: 'Adresse', type: 'text', autoComplete: 'street-address' },
  { name: 'PHONE', label: 'Téléphone', type: 'tel', autoComplete: 'tel' },
  { name: 'EMAIL', label: 'E-mail', type: 'email', autoComplete: 'email' },
];
const EMPTY: Values = { NAME: '', TAX_ID: '', ADDRESS: '', PHONE: '', EMAIL: '' };

/**
 * Paramètres › Société (`/layout/settings/company`): the programme's company details,
 * one record, printed on the exit slips. Until first saved it shows what the server started with.
 */
export default function CompanyPage() {
  const qc = useQueryClient();
  const company = useQuery({ queryKey: COMPANY_KEY, queryFn: fetchCompany });
  const { register, handleSubmit, reset, setError, formState } = useForm<Values, unknown, CompanySettingsBody>({
    resolver: zodResolver(companySettingsBody),
    defaultValues: EMPTY,
  });
  const { errors, isSubmitting, isDirty } = formState;

  useEffect(() => {
    if (company.data)
      reset({ NAME: company.data.NAME, TAX_ID: company.data.TAX_ID, ADDRESS: company.data.ADDRESS, PHONE: company.data.PHONE, EMAIL: company.data.EMAIL });
  }, [company.data, reset]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await saveCompany(company.data?.id ?? null, values);
      qc.setQueryData(COMPANY_KEY, saved);
      notify.success('Société', 'Les coordonnées sont enregistrées.');
    } catch (e) {
      if (e instanceof ApiError && e.status === 422) {
        for (const [field, messages] of Object.entries(e.errors)) if (field in EMPTY) setError(field as keyof Values, { type: 'server', message: messages[0] });
      }
    }
  });

  return (
    <div className="page settings-page">
      <section className="card" aria-labelledby="company-title">
        <header className="card-header">
          <h2 id="company-title">Coordonnées de la société</h2>
          <p className="muted">Imprimées sur les bons de sortie des cadeaux.</p>
        </header>
        <form onSubmit={onSubmit} noValidate>
          <div className="form-grid">
            {FIELDS.map((f) => (
              <div className="field" key={f.name}>
                <label htmlFor={`company-${f.name}`}>{f.label} *</label>
                <InputText
                  id={`company-${f.name}`}
                  type={f.type}
                  autoComplete={f.autoComplete}
                  invalid={!!errors[f.name]}
                  className="w-full"
                  {...register(f.name)}
                />
                {errors[f.name] && (
                  <small className="field-error" role="alert">
                    {errors[f.name]?.message}
                  </small>
                )}
              </div>
            ))}
          </div>
          <div className="form-actions">
            <Button type="button" label="Annuler" severity="secondary" outlined disabled={!isDirty || isSubmitting} onClick={() => reset()} />
            <Button type="submit" label="Enregistrer" icon="pi pi-check" loading={isSubmitting} />
          </div>
        </form>
      </section>
    </div>
  );
}
