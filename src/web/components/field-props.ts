/**
 * What antd's Form.Item hands a custom control: its id (the label points at it, tests find it), the
 * field's value, and the callback that sets it.
 */
export interface ValueProps<T> {
  id?: string;
  value?: T;
  onChange?: (value: T) => void;
}
