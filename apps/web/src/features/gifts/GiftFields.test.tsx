import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { FormProvider, type UseFormReturn, useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { giftFormValues } from './gift-form';
import { GiftFields } from './GiftFields';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The eligibility selects read their options from the API: empty lists here.
vi.mock('../../lib/api', async (original) => ({
  ...(await original<typeof import('../../lib/api')>()),
  api: { get: vi.fn(async () => []) },
}));

let root: Root;
let form: UseFormReturn<Record<string, unknown>>;
const tick = () => act(async () => new Promise((r) => setTimeout(r, 0)));

function Harness({ values }: { values: Record<string, unknown> }) {
  form = useForm({ defaultValues: values });
  return (
    <FormProvider {...form}>
      <form>
        <GiftFields />
      </form>
    </FormProvider>
  );
}

async function render(values: Record<string, unknown>) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  act(() =>
    root.render(
      <QueryClientProvider client={qc}>
        <Harness values={values} />
      </QueryClientProvider>,
    ),
  );
  await tick();
}

async function pickType(label: string) {
  await act(async () => {
    (document.querySelector('[data-field="field-TYPE"] .p-dropdown') as HTMLElement).click();
  });
  await tick();
  const item = [...document.querySelectorAll<HTMLElement>('.p-dropdown-item')].find((li) => li.textContent?.trim() === label);
  if (!item) throw new Error(`no option ${label}`);
  await act(async () => item.click());
  await tick();
}

const imageField = () => document.getElementById('field-file');
const valueField = () => document.getElementById('field-VOCHER_VALUE') as HTMLInputElement | null;

beforeEach(() => {
  const host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  document.body.innerHTML = '';
});

describe('gift form fields', () => {
  it('a good shows the image field and hides the voucher value; a voucher the opposite', async () => {
    await render(giftFormValues(null));
    expect(imageField()).not.toBeNull();
    expect(valueField()).toBeNull();

    await pickType('Voucher');
    expect(imageField()).toBeNull();
    expect(valueField()).not.toBeNull();
    // The hidden 0 of the good is not offered as the voucher's value.
    expect(form.getValues('VOCHER_VALUE')).toBe('');

    await act(async () => form.setValue('VOCHER_VALUE', '25'));
    await pickType('Bien');
    expect(imageField()).not.toBeNull();
    expect(valueField()).toBeNull();
    expect(form.getValues('VOCHER_VALUE')).toBe('0');
  });

  it('opens a stored voucher gift with its value and no image field', async () => {
    await render({ ...giftFormValues(null), TYPE: 'voucher', VOCHER_VALUE: '12.5' });
    expect(valueField()?.value).toBe('12.5');
    expect(imageField()).toBeNull();
  });
});
