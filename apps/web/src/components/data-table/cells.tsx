import type { ReactNode } from 'react';
import { type ColumnDef, cellText, isOn, readField, toggled } from './columns';
import { FlagInput } from './FlagInput';

export interface CellContext<Row> {
  /** Saves an inline flag; absent when the list is read-only. */
  onToggle?: (row: Row, field: string, value: 0 | 1) => void;
}

/** Draws one cell from its column's kind. */
export function renderCell<Row>(col: ColumnDef<Row>, row: Row, ctx: CellContext<Row>): ReactNode {
  switch (col.kind ?? 'text') {
    case 'custom':
      return col.render?.(row) ?? null;
    case 'image': {
      const src = readField(row, col.field);
      return typeof src === 'string' && src ? (
        <img className="dt-thumb" src={src} alt="" loading="lazy" />
      ) : (
        <span className="dt-thumb dt-thumb-empty" role="img" aria-label="Pas d'image">
          <i className="pi pi-image" />
        </span>
      );
    }
    case 'checkbox':
    case 'switch': {
      const value = readField(row, col.field);
      const change = ctx.onToggle ? () => ctx.onToggle?.(row, col.field, toggled(value)) : undefined;
      return <FlagInput kind={col.kind === 'checkbox' ? 'checkbox' : 'switch'} checked={isOn(value)} label={col.header} onChange={change} />;
    }
    default: {
      const text = cellText(col, row);
      if (col.kind === 'money') return <span className="dt-money">{text}</span>;
      // Long text is cut to one line (fit.css); the whole of it shows on hover.
      return (col.kind ?? 'text') === 'text' && text ? (
        <span className="dt-text" title={text}>
          {text}
        </span>
      ) : (
        text
      );
    }
  }
}
