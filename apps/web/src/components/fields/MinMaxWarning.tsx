import { MSG, minExceedsMax } from '@app/domain';
import { Message } from 'primereact/message';
import { useWatch } from 'react-hook-form';

/** A warning, not an error: shown while the min field exceeds the max field; saving stays possible. */
export function MinMaxWarning({ min, max, message = MSG.minGreaterThanMax }: { min: string; max: string; message?: string }) {
  const [a, b] = useWatch({ name: [min, max] });
  if (!minExceedsMax(a, b)) return null;
  return <Message className="fld-warning" severity="warn" text={message} />;
}
