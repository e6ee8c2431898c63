import { type Coupon, couponsMeta, todayInTunis, } from '@app/domain';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { DateField, FieldGrid, formFields, NumberField, SelectField, SwitchField, TextField } from '../../components/fields';
import { ResourcePage } from '../../components/resource-page';
import { couponColumns } from './columns';
import { COUPON_TYPE_OPTIONS, type CouponFormIn, type CouponFormOut, couponForm, couponFormValues, valueLabel } from './coupon-form';
import { ExpiryToast } from './ExpiryToast';

const F = formFields<CouponFormIn>()({ DateField, NumberField, SelectField, SwitchField, TextField });

/**
 * Coupons (spec 2 "Coupons list", `/layout/coupons`): 50 rows, search, sort, PDF (portrait) / Excel /
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
      <F.TextField name="CODE" label="Code" required maxLength={50} autoFocus />
      <F.SelectField name="TYPE" label="Type" required options={COUPON_TYPE_OPTIONS} filter={false} />
      <F.NumberField name="VALUE" label={valueLabel(type)} required decimals={3} />
      <F.DateField name="EXPIRY_DATE" label="Date d'expiration" required />
      <F.SwitchField name="ACTIF" label="Actif" />
      <ExpiryToast />
    </FieldGrid>
  );
}
