import { Form, Input, Typography } from 'antd';
import type { ReactNode } from 'react';
import { confirmPasswordRule, passwordPolicyRule } from '../lib/password-rules.ts';
import { useSettings } from '../lib/settings.ts';
import type { ValueProps } from './field-props.ts';
import type { FormMode } from './list-page/types.ts';

export interface NewPasswordTexts {
  newPassword: string;
  newPasswordRequired: string;
  confirmPassword: string;
  confirmRequired: string;
  mismatch: string;
}

/**
 * A new password and its confirmation (form fields `newPassword`, `confirmPassword`): the new one
 * checked with the server's rule, the confirmation against it. The texts are the screen's own.
 */
export function NewPasswordFields({
  texts,
  prefix,
  maxLength,
}: {
  texts: NewPasswordTexts;
  prefix?: ReactNode;
  maxLength?: number;
}) {
  const { lang } = useSettings();
  const input = <Input.Password prefix={prefix} autoComplete="new-password" maxLength={maxLength} />;
  return (
    <>
      <Form.Item
        name="newPassword"
        label={texts.newPassword}
        rules={[{ required: true, message: texts.newPasswordRequired }, passwordPolicyRule(lang)]}
      >
        {input}
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={texts.confirmPassword}
        dependencies={['newPassword']}
        rules={[{ required: true, message: texts.confirmRequired }, confirmPasswordRule(texts.mismatch)]}
      >
        {input}
      </Form.Item>
    </>
  );
}

/**
 * An account's initial password, asked only when creating it; editing shows `editHint` instead
 * (a password changes through the reset action). `hint` says what the password is for.
 */
export function InitialPasswordField({
  id,
  value,
  onChange,
  mode,
  hint,
  editHint,
}: ValueProps<string> & { mode: FormMode; hint: string; editHint: string }) {
  if (mode === 'edit') return <Typography.Text type="secondary">{editHint}</Typography.Text>;
  return (
    <>
      <Input.Password
        id={id}
        autoComplete="new-password"
        maxLength={64}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
      />
      <Typography.Text type="secondary">{hint}</Typography.Text>
    </>
  );
}
