import type { StatusSet } from '@app/domain';
import './status.css';

/** A status as a tag in its colour (one definition per status set in @app/domain). */
export function StatusTag({ set, code }: { set: StatusSet; code: number }) {
  return (
    <span className="status-tag" style={{ background: set.of(code)?.color ?? '#4b5563' }} data-status={code}>
      {set.label(code)}
    </span>
  );
}
