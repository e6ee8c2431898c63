import {
  EXPIRY_MONTHS_MAX,
  EXPIRY_POLICIES,
  EXPIRY_POLICY_LABELS,
  type ExpiryPolicy,
  formatDate,
  formatInteger,
  formatMoney,
  lastDayOf,
  lotExpiresAt,
  POINT_VALUE_MAX,
  programmeSettingsBody,
} from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { RadioButton } from 'primereact/radiobutton';
import { useEffect, useState } from 'react';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { fetchProgramme, PROGRAMME_KEY, saveProgramme } from './site-settings.api';
import './site-settings.css';

/** What a credit made today would get, under the chosen rule: the rule said with a date. */
function example(policy: ExpiryPolicy, months: number | null): string {
  const at = lotExpiresAt(policy, months, new Date());
  return at
    ? `Des points crédités aujourd’hui pourront être dépensés jusqu’au ${formatDate(lastDayOf(at))} inclus.`
    : 'Les points restent acquis tant qu’ils ne sont pas dépensés.';
}

/**
 * Paramètres › Programme (`/layout/settings/programme`): the points expiry rule (it dates
 * the credits to come; lots already credited keep their date) and « valeur du point » (millimes, the
 * liability's DT equivalent). Admin only (settings:write), audited.
 */
export default function ProgrammePage() {
  const qc = useQueryClient();
  const settings = useQuery({ queryKey: PROGRAMME_KEY, queryFn: fetchProgramme });
  const [policy, setPolicy] = useState<ExpiryPolicy>('never');
  const [months, setMonths] = useState('');
  const [pointValue, setPointValue] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!settings.data) return;
    setPolicy(settings.data.EXPIRY_POLICY);
    setMonths(settings.data.EXPIRY_MONTHS == null ? '' : String(settings.data.EXPIRY_MONTHS));
    setPointValue(String(settings.data.POINT_VALUE));
  }, [settings.data]);

  const body = {
    EXPIRY_POLICY: policy,
    EXPIRY_MONTHS: policy === 'months' ? (months.trim() === '' ? null : months.trim()) : null,
    POINT_VALUE: pointValue.trim(),
  };
  const parsed = programmeSettingsBody.safeParse(body);
  const dirty =
    !!settings.data &&
    (settings.data.EXPIRY_POLICY !== policy ||
      (policy === 'months' && String(settings.data.EXPIRY_MONTHS ?? '') !== months.trim()) ||
      String(settings.data.POINT_VALUE) !== pointValue.trim());
  const value = parsed.success ? parsed.data.POINT_VALUE : undefined;

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const saved = await saveProgramme(parsed.data);
      qc.setQueryData(PROGRAMME_KEY, saved);
      notify.success('Programme', 'La règle d’expiration est enregistrée.');
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setErrors(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [k, v[0]])));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="page settings-page">
      <section className="card" aria-labelledby="programme-title">
        <header className="card-header">
          <h2 id="programme-title">Expiration et valeur des points</h2>
          <p className="muted">
            La règle date les crédits à venir ; les points déjà crédités gardent leur date d’expiration. Les points les plus anciens sont dépensés en premier.
          </p>
        </header>
        <form onSubmit={onSubmit} noValidate>
          <fieldset className="programme-policies" aria-describedby="programme-example">
            <legend>Règle d’expiration *</legend>
            {EXPIRY_POLICIES.map((p) => (
              <div className="programme-policy" key={p}>
                <RadioButton inputId={`policy-${p}`} name="EXPIRY_POLICY" value={p} checked={policy === p} onChange={() => setPolicy(p)} />
                <label htmlFor={`policy-${p}`}>{EXPIRY_POLICY_LABELS[p]}</label>
              </div>
            ))}
            {errors.EXPIRY_POLICY && (
              <small className="field-error" role="alert">
                {errors.EXPIRY_POLICY}
              </small>
            )}
          </fieldset>
          {policy === 'months' && (
            <div className="field programme-months">
              <label htmlFor="programme-months">Nombre de mois (1 à {EXPIRY_MONTHS_MAX}) *</label>
              <InputText
                id="programme-months"
                inputMode="numeric"
                value={months}
                invalid={!!errors.EXPIRY_MONTHS}
                onChange={(e) => setMonths(e.target.value)}
              />
              {errors.EXPIRY_MONTHS && (
                <small className="field-error" role="alert">
                  {errors.EXPIRY_MONTHS}
                </small>
              )}
            </div>
          )}
          <p id="programme-example" className="muted" aria-live="polite">
            {parsed.success ? example(parsed.data.EXPIRY_POLICY, parsed.data.EXPIRY_MONTHS ?? null) : ' '}
          </p>
          <div className="field programme-point-value">
            <label htmlFor="programme-point-value">Valeur du point (millimes, 0 à {formatInteger(POINT_VALUE_MAX)}) *</label>
            <InputText
              id="programme-point-value"
              inputMode="numeric"
              value={pointValue}
              invalid={!!errors.POINT_VALUE}
              aria-describedby="programme-point-value-help"
              onChange={(e) => {
                setPointValue(e.target.value);
                // The message was about the value as it was sent; the help below now says the new one.
                setErrors(({ POINT_VALUE: _, ...rest }) => rest);
              }}
            />
            {errors.POINT_VALUE && (
              <small className="field-error" role="alert">
                {errors.POINT_VALUE}
              </small>
            )}
            <small id="programme-point-value-help" className="muted">
              {value === undefined
                ? ' '
                : value === 0
                  ? 'Non définie : le passif du programme est donné en points seulement.'
                  : `1 point vaut ${formatMoney(value / 1000)} ; ${formatInteger(1000)} points valent ${formatMoney(value)}.`}
            </small>
          </div>
          <div className="form-actions">
            <Button type="submit" label="Enregistrer" icon="pi pi-check" loading={saving} disabled={!dirty} />
          </div>
        </form>
      </section>
    </div>
  );
}
