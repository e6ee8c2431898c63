import { type Client, formatDateTime, formatMoney, VOUCHER_MSG, VOUCHER_PURCHASE_STATUS } from '@app/domain';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { SearchSelectField } from '../../components/fields';
import { StatusTag } from '../../components/status';
import { ApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { consumeVouchers, useClientVouchers } from './vouchers.api';

/**
 * « Consommer des vouchers »: a client picked by code
 * (paged server search), its vouchers with checkboxes (used ones locked), a required reason, then
 * one call: every ticked voucher becomes used, or none (the server's message in a 6 s toast).
 */
export function ConsumeDialog({ visible, onHide, onDone }: { visible: boolean; onHide: () => void; onDone: () => void }) {
  const form = useForm<{ CLIENT: string | null }>({ defaultValues: { CLIENT: null } });
  const code = form.watch('CLIENT');
  const [selected, setSelected] = useState<number[]>([]);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; vouchers?: string }>({});
  const [busy, setBusy] = useState(false);
  const vouchers = useClientVouchers(code, visible);
  // Another client: nothing of the previous one stays ticked.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs because the client changed
  useEffect(() => {
    setSelected([]);
    setErrors({});
  }, [code]);
  useEffect(() => {
    if (!visible) {
      form.reset({ CLIENT: null });
      setReason('');
    }
  }, [visible, form]);

  const toggle = (id: number, on: boolean) => setSelected((s) => (on ? [...s, id] : s.filter((x) => x !== id)));
  const submit = async () => {
    const next = { reason: reason.trim() ? undefined : VOUCHER_MSG.reasonRequired, vouchers: selected.length ? undefined : VOUCHER_MSG.noneSelected };
    setErrors(next);
    if (next.reason || next.vouchers) return;
    setBusy(true);
    try {
      await consumeVouchers(reason.trim(), selected);
      notify.success('Vouchers consommés', `${selected.length} voucher(s) de ${code} marqué(s) comme utilisé(s).`);
      onDone();
      onHide();
    } catch (err) {
      notify.error('erreur', err instanceof ApiError ? err.message : 'La consommation a échoué.', 6000);
      await vouchers.refetch();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      visible={visible}
      onHide={onHide}
      header="Consommer des vouchers"
      style={{ width: '46rem' }}
      breakpoints={{ '767px': '95vw' }}
      baseZIndex={10000}
      draggable={false}
      footer={
        <>
          <Button type="button" label="Annuler" outlined onClick={onHide} />
          <Button type="button" label="Consommer" icon="pi pi-check" loading={busy} disabled={!code} onClick={() => void submit()} />
        </>
      }
    >
      <FormProvider {...form}>
        <SearchSelectField<Client & Record<string, unknown>>
          name="CLIENT"
          label="Code client"
          path="clients"
          valueField="CODE_CLIENT"
          optionLabel={(c) => `${c.CODE_CLIENT} — ${c.NAME}`}
          placeholder="Tapez un code ou un nom"
          required
        />
      </FormProvider>
      {code && (
        <>
          <label htmlFor="consume-reason" className="field-label">
            Motif de consommation <span aria-hidden="true">*</span>
          </label>
          <InputTextarea
            id="consume-reason"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            rows={2}
            maxLength={500}
            className="w-full"
            invalid={!!errors.reason}
            aria-describedby={errors.reason ? 'consume-reason-error' : undefined}
          />
          {errors.reason && (
            <small id="consume-reason-error" className="p-error">
              {errors.reason}
            </small>
          )}
          <fieldset className="consume-list">
            <legend>Vouchers du client</legend>
            {vouchers.data?.length === 0 && <p>Aucun voucher pour ce client.</p>}
            {vouchers.data?.map((v) => {
              const used = v.STATUS === 1;
              return (
                <div key={v.id} className="consume-item" data-used={used || undefined}>
                  <Checkbox inputId={`voucher-${v.id}`} checked={selected.includes(v.id)} disabled={used} onChange={(e) => toggle(v.id, !!e.checked)} />
                  <label htmlFor={`voucher-${v.id}`}>
                    <strong>{v.VOCHER_REF}</strong> · {formatMoney(v.SOLDE_USED)} · {formatDateTime(v.CREATED_AT)}
                  </label>
                  <StatusTag set={VOUCHER_PURCHASE_STATUS} code={v.STATUS} />
                </div>
              );
            })}
            {errors.vouchers && <small className="p-error">{errors.vouchers}</small>}
          </fieldset>
        </>
      )}
    </Dialog>
  );
}
