import { Button, Popconfirm, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import type { Permission } from '../../shared/perms.ts';
import { useAction, type ActionOptions } from '../lib/use-action.ts';
import { Can } from './can.tsx';

export interface ConfirmActionProps<R> extends ActionOptions<[], R> {
  /** Needed to press the button (docs/product.md §5: without it the button shows, disabled). */
  perm?: Permission | readonly Permission[];
  /** The question. */
  title: ReactNode;
  /** More text under the question. */
  description?: ReactNode;
  /** A red OK button (deleting, cancelling, resetting a secret...). */
  okDanger?: boolean;
  disabled?: boolean;
  /** The change, run through `useAction` once the user confirms. */
  action: () => Promise<R>;
  /** The button's look; default a small link (a row's action). */
  button?: Omit<ButtonProps, 'onClick' | 'disabled' | 'children'> & { 'data-testid'?: string };
  children: ReactNode;
}

/** A button that asks before it changes something: permission, confirmation, loading, messages, refresh. */
export function ConfirmAction<R>({
  perm,
  title,
  description,
  okDanger,
  disabled,
  action,
  button = { type: 'link', size: 'small' },
  children,
  ...options
}: ConfirmActionProps<R>) {
  const { run, pending } = useAction(action, options);
  const render = (allowed: boolean) => (
    <Popconfirm
      title={title}
      description={description ? <div style={{ maxWidth: 320 }}>{description}</div> : undefined}
      disabled={!allowed || disabled}
      okButtonProps={okDanger ? { danger: true } : undefined}
      onConfirm={() => run()}
    >
      <Button {...button} loading={pending} disabled={!allowed || disabled}>
        {children}
      </Button>
    </Popconfirm>
  );
  return perm ? <Can perm={perm}>{render}</Can> : render(true);
}
