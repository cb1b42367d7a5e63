import { InputNumber } from 'antd';
import { formatCents, yuanToCents } from '../../shared/money.ts';

export interface MoneyInputProps {
  /** Integer cents (docs/product.md §9); the user types yuan with at most two decimals. */
  value?: number | null;
  onChange?: (cents: number | null) => void;
  /** Lowest and highest amount in cents. */
  min?: number;
  max?: number;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  /** The accessible name when no form label points at the input (e.g. a cell of a table). */
  'aria-label'?: string;
}

/** An amount typed in yuan and held as integer cents, converted exactly (no binary floats). */
export function MoneyInput({
  value,
  onChange,
  min = 0,
  max,
  placeholder,
  disabled,
  id,
  'aria-label': ariaLabel,
}: MoneyInputProps) {
  return (
    <InputNumber<string>
      id={id}
      aria-label={ariaLabel}
      stringMode
      precision={2}
      step="1"
      prefix="¥"
      min={formatCents(min)}
      max={max === undefined ? undefined : formatCents(max)}
      placeholder={placeholder}
      disabled={disabled}
      style={{ width: '100%' }}
      value={value === null || value === undefined ? null : formatCents(value)}
      onChange={(text) => {
        if (text === null || text === '') return onChange?.(null);
        const cents = yuanToCents(text);
        onChange?.(Number.isNaN(cents) ? null : cents);
      }}
    />
  );
}
