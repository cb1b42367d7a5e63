import { Input, InputNumber } from 'antd';
import type { SearchField } from '../search-bar.tsx';
import { DateRangePicker, TimeRangePicker } from '../date-pickers.tsx';
import { DictSelect } from '../dict-select.tsx';
import type { Label, SearchFieldDef } from './types.ts';

/** The SearchBar fields of a definition's search list. */
export function searchBarFields(
  fields: readonly SearchFieldDef[],
  label: (l: Label | undefined) => string,
): SearchField[] {
  return fields.map((field) => {
    const placeholder = field.placeholder ? label(field.placeholder) : undefined;
    const style = field.width ? { width: field.width } : undefined;
    let node;
    switch (field.kind) {
      case 'text':
        node = (
          <Input
            allowClear
            placeholder={placeholder}
            maxLength={field.maxLength ?? 100}
            style={style ?? { width: 180 }}
          />
        );
        break;
      case 'number':
        node = (
          <InputNumber
            placeholder={placeholder}
            min={field.min}
            max={field.max}
            style={style ?? { width: 140 }}
          />
        );
        break;
      case 'dict':
        node = (
          <DictSelect
            dict={field.dict}
            codes={field.codes}
            mode={field.multiple ? 'multiple' : undefined}
            placeholder={placeholder}
            style={style ?? { width: 160 }}
          />
        );
        break;
      case 'dateRange':
        node = field.time ? (
          <TimeRangePicker allowFuture={field.allowFuture} style={style} />
        ) : field.dateOnly ? (
          <DateRangePicker
            allowFuture={field.allowFuture}
            shortcuts={false}
            rangeLimitMs={null}
            style={style}
          />
        ) : (
          <DateRangePicker allowFuture={field.allowFuture} style={style} />
        );
        break;
    }
    return { name: field.name, label: label(field.label), node };
  });
}
