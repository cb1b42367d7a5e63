import type { ReactNode } from 'react';
import dayjs from 'dayjs';
import { DictTag } from '../dict-tag.tsx';
import { MoneyText } from '../money-text.tsx';
import type { ColumnDef, Row } from './types.ts';

/** A cell of a column kind (table and detail view alike). */
export function renderValue<T extends Row>(
  column: ColumnDef<T>,
  row: T,
  yesNo: { yes: string; no: string },
): ReactNode {
  const value: unknown = row[column.key];
  if (column.render) return column.render(value, row);
  switch (column.kind) {
    case 'dict':
      return column.dict ? (
        <DictTag dict={column.dict} value={value as number | string | null | undefined} />
      ) : (
        String(value ?? '')
      );
    case 'money':
      return <MoneyText cents={value as number | null | undefined} />;
    case 'dateTime':
      return value ? dayjs(value as string).format('YYYY-MM-DD HH:mm:ss') : '';
    case 'boolean':
      return value === true ? yesNo.yes : value === false ? yesNo.no : '';
    default:
      return value === null || value === undefined
        ? ''
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
  }
}
