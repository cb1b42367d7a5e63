import { Select, type SelectProps } from 'antd';
import type { ValueProps } from './field-props.ts';

/**
 * A form control choosing several records by id (roles, gates, services, products): antd's Select
 * in multiple mode, filtered by the options' labels as the user types, with nothing chosen as [].
 */
export function IdsSelect({
  id,
  value,
  onChange,
  ...select
}: ValueProps<number[]> & Omit<SelectProps<number[]>, 'id' | 'value' | 'onChange' | 'mode'>) {
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      optionFilterProp="label"
      {...select}
      value={value ?? []}
      onChange={(next) => onChange?.(next)}
    />
  );
}
