import { Checkbox } from 'antd';
import type { ComponentProps } from 'react';

type Props = ComponentProps<typeof Checkbox.Group> & { 'aria-required'?: unknown };

/**
 * antd's Checkbox.Group as a form control. A required Form.Item puts `aria-required` on its child,
 * which a checkbox group (role "group") may not carry; the label's required mark says it instead.
 */
export function CheckboxGroupField({ 'aria-required': _required, ...props }: Props) {
  return <Checkbox.Group {...props} />;
}
