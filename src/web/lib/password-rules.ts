import type { FormRule } from 'antd';
import { PasswordSchema } from '../../shared/api/auth.ts';
import { ValidationMessage, type ValidationMessageKey } from '../../shared/api/validation-messages.ts';
import type { Lang } from '../../shared/dict/dict.ts';

/** The shared schema's message key shown as a sentence in the user's language. */
function validationLabel(key: string, lang: Lang): string {
  const label = ValidationMessage[key as ValidationMessageKey]?.[lang] ?? key;
  return label.charAt(0).toUpperCase() + label.slice(1);
}

/** The new password meets the server's rule (PasswordSchema), checked before it is encrypted. */
export function passwordPolicyRule(lang: Lang): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || !value) return;
      const result = PasswordSchema.safeParse(value);
      if (!result.success) throw new Error(validationLabel(result.error.issues[0]?.message ?? '', lang));
    },
  };
}

/** The confirmation equals the field `newPassword`. */
export function confirmPasswordRule(mismatch: string): FormRule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value && value !== getFieldValue('newPassword')) throw new Error(mismatch);
    },
  });
}
