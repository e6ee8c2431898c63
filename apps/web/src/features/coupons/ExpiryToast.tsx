import { COUPON_MSG } from '@app/domain';
import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { notify } from '../../lib/toast';

export const EXPIRY_TOAST_LIFE = 6000;

/**
 * A save refused by the form for a past expiry date also shows the message as a toast for
 * 6 s. A refusal by the server is already toasted by the error catalogue, hence only the form's own.
 */
export function ExpiryToast() {
  const { formState } = useFormContext();
  const { submitCount, errors } = formState;
  const error = errors.EXPIRY_DATE;
  const refused = error?.type !== 'server' && error?.message === COUPON_MSG.expiryPast;
  useEffect(() => {
    if (submitCount > 0 && refused) notify.error('Date invalide', COUPON_MSG.expiryPast, EXPIRY_TOAST_LIFE);
  }, [submitCount, refused]);
  return null;
}
