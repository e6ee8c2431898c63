import { type Gift, giftsMeta } from '@app/domain';
import { ResourcePage } from '../../components/resource-page';
import { giftColumns } from './columns';
import { type GiftFormIn, type GiftFormOut, giftBodyOf, giftForm, giftFormValues, syncGiftImage } from './gift-form';
import { lazy, Suspense } from 'react';

// The form's fields load when a dialog first opens: the list alone stays under the screen budget.
const GiftFields = lazy(() => import('./GiftFields').then((m) => ({ default: m.GiftFields })));

/**
 * Gifts (`/layout/gifts`): 50 rows, search, sort on ref and name, exports, the
 * active switch saved at once; a new gift is one form-data call with its image (a good only).
 */
export default function GiftsPage() {
  return (
    <ResourcePage<Gift, GiftFormIn, GiftFormOut>
      resource={giftsMeta}
      columns={giftColumns}
      writeAction="gifts:write"
      minWidth="70rem"
      form={{
        schema: giftForm,
        toValues: giftFormValues,
        toBody: giftBodyOf,
        afterSave: syncGiftImage,
        content: (
          <Suspense fallback={null}>
            <GiftFields />
          </Suspense>
        ),
      }}
    />
  );
}
