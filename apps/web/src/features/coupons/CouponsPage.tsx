import { type Coupon, couponsMeta, todayInTunis } from '@app/domain';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import {
  DateField as AnyDateField,
  FieldGrid,
  type FormField,
  type FormSelectField,
  NumberField as AnyNumberField,
  SelectField as AnySelectField,
  SwitchField as AnySwitchField,
  TextField as AnyTextField,
} from '../../components/fields';
import { ResourcePage } from '../../components/resource-page';
import { couponColumns } from './columns';
import { COUPON_TYPE_OPTIONS, type CouponFormIn, type CouponFormOut, couponForm, couponFormValues, valueLabel } from './coupon-form';
import { ExpiryToast } from './ExpiryToast';

// The fields this form uses, typed by its values: a wrong name fails to compile.
const DateField: FormField<typeof AnyDateField, CouponFormIn> = AnyDateField;
const NumberField: FormField<typeof AnyNumberField, CouponFormIn> = AnyNumberField;
const SelectField: FormSelectField<CouponFormIn> = AnySelectField;
const SwitchField: FormField<typeof AnySwitchField, CouponFormIn> = AnySwitchField;
const TextField: FormField<typeof AnyTextField, CouponFormIn> = AnyTextField;

/**
 * Coupons (`/layout/coupons`): 50 rows, search, sort, PDF (portrait) / Excel /
 * CSV, the active switch saved at once; the expiry must be after today (Tunis), in the form and on the
 * server. "Today" is taken when the screen opens; a form left open past midnight is caught by the server.
 */
export default function CouponsPage() {
  const schema = useMemo(() => couponForm(todayInTunis()), []);
  return (
    <ResourcePage<Coupon, CouponFormIn, CouponFormOut>
      resource={couponsMeta}
      columns={couponColumns}
      writeAction="coupons:write"
      minWidth="48rem"
      form={{
        schema,
        toValues: couponFormValues,
        content: <CouponFields />,
      }}
    />
  );
}

function CouponFields() {
  const type = useWatch({ name: 'TYPE' });
  return (
    <FieldGrid>
      <TextField name="CODE" label="Code" required maxLength={50} autoFocus />
      <SelectField name="TYPE" label="Type" required options={COUPON_TYPE_OPTIONS} filter={false} />
      <NumberField name="VALUE" label={valueLabel(type)} required decimals={3} />
      <DateField name="EXPIRY_DATE" label="Date d'expiration" required />
      <SwitchField name="ACTIF" label="Actif" />
      <ExpiryToast />
    </FieldGrid>
  );
}
