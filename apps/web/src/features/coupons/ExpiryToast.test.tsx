import { COUPON_MSG } from '@app/domain';
import { zodResolver } from '@hookform/resolvers/zod';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { FormProvider, type UseFormReturn, useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/toast';
import { type CouponFormIn, type CouponFormOut, couponForm } from './coupon-form';
import { EXPIRY_TOAST_LIFE, ExpiryToast } from './ExpiryToast';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

vi.mock('../../lib/toast', () => ({ notify: { error: vi.fn(), warn: vi.fn(), success: vi.fn(), info: vi.fn() } }));

let root: Root;
let form: UseFormReturn<CouponFormIn, unknown, CouponFormOut>;

function Harness({ values }: { values: CouponFormIn }) {
  form = useForm<CouponFormIn, unknown, CouponFormOut>({ resolver: zodResolver(couponForm('2026-07-01')), defaultValues: values });
  return (
    <FormProvider {...form}>
      <ExpiryToast />
    </FormProvider>
  );
}

const submit = () => act(() => form.handleSubmit(async () => {})());
const values = (EXPIRY_DATE: string): CouponFormIn => ({ CODE: 'ETE25', VALUE: '10', TYPE: 'percentage', EXPIRY_DATE, ACTIF: 1 });

beforeEach(() => {
  vi.mocked(notify.error).mockClear();
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
});

describe('expiry toast', () => {
  it('shows the message for 6 s each time a save is refused for a past date', async () => {
    act(() => root.render(<Harness values={values('2026-07-01')} />));
    await submit();
    expect(notify.error).toHaveBeenCalledWith('Date invalide', COUPON_MSG.expiryPast, EXPIRY_TOAST_LIFE);
    expect(EXPIRY_TOAST_LIFE).toBe(6000);
    await submit();
    expect(notify.error).toHaveBeenCalledTimes(2);
  });

  it('stays silent for a valid date and for a refusal the server already reported', async () => {
    act(() => root.render(<Harness values={values('2026-07-02')} />));
    await submit();
    // As FormDialog does with a 422: the server's field error is set during the save.
    await act(() => form.handleSubmit(async () => form.setError('EXPIRY_DATE', { type: 'server', message: COUPON_MSG.expiryPast }))());
    expect(form.formState.errors.EXPIRY_DATE?.message).toBe(COUPON_MSG.expiryPast);
    expect(notify.error).not.toHaveBeenCalled();
  });
});
