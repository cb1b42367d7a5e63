import {
  useId,
  useRef,
  useState,
  type CSSProperties,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { AuthFrame } from '../../components/auth-frame.tsx';
import { loadUser, login } from '../../lib/auth.ts';
import { useBranding } from '../../lib/branding.ts';
import { toast } from '../../lib/feedback.ts';
import { RequestError } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { readableOnWhite } from '../../lib/theme-color.ts';
import styles from './login-screen.module.css';
import { safeRedirect } from './safe-redirect.ts';

export interface LoginScreenProps {
  /** The `?redirect=` of the login route. */
  redirect: string | null;
  /** Opens the console at `target` once signed in (the router's navigate, or the boot's mount). */
  onSignedIn: (target: string) => Promise<void> | void;
  /** docs/product.md §7: an initial password must be changed first. */
  onPasswordChangeRequired: (username: string) => Promise<void> | void;
  /** The first keystroke (not the autofocus): the moment to fetch the console while the user types. */
  onFirstInput?: () => void;
}

type Field = 'username' | 'password';

/**
 * The login form (docs/product.md §5, §7), built without the component library so that the login
 * route loads React, the texts and this file only (docs/decisions.md "A login screen without antd").
 * It looks like the console's antd forms and reads the same settings: language, theme colour, size.
 */
export function LoginScreen({
  redirect,
  onSignedIn,
  onPasswordChangeRequired,
  onFirstInput,
}: LoginScreenProps) {
  const { t } = useTranslation(['auth', 'common']);
  const branding = useBranding();
  const { theme, size } = useSettings();
  const id = useId();
  const [showPassword, setShowPassword] = useState(false);
  const [capsLock, setCapsLock] = useState(false);
  const { values, errors, pending, inputs, change, submit } = useLoginForm({
    redirect,
    onSignedIn,
    onPasswordChangeRequired,
    onFirstInput,
  });

  const field = (name: Field, label: string, input: ReactNode, extra?: string) => (
    <div className={styles.item}>
      <label className={styles.label} htmlFor={name}>
        {label}
      </label>
      {input}
      {errors[name] ? (
        <div id={`${id}-${name}-error`} className={styles.error} role="alert">
          {errors[name]}
        </div>
      ) : extra ? (
        <div id={`${id}-${name}-extra`} className={styles.extra} aria-live="polite">
          {extra}
        </div>
      ) : null}
    </div>
  );

  const describedBy = (name: Field) =>
    errors[name]
      ? `${id}-${name}-error`
      : name === 'password' && capsLock
        ? `${id}-password-extra`
        : undefined;

  return (
    <AuthFrame title={branding?.siteTitle || t('common:appTitle')} subtitle={t('loginTitle')}>
      <form
        className={styles.form}
        data-size={size}
        style={{ '--login-primary': readableOnWhite(theme) } as CSSProperties}
        onSubmit={(e) => void submit(e)}
        noValidate
        autoComplete="on"
      >
        {field(
          'username',
          t('username'),
          <span className={styles.affix} data-invalid={errors.username ? '' : undefined}>
            <UserIcon />
            <input
              ref={inputs.username}
              id="username"
              name="username"
              className={styles.input}
              value={values.username}
              autoComplete="username"
              autoFocus
              aria-required="true"
              aria-invalid={errors.username ? true : undefined}
              aria-describedby={describedBy('username')}
              onChange={(e) => change('username', e.target.value)}
            />
          </span>,
        )}
        {field(
          'password',
          t('password'),
          <span className={styles.affix} data-invalid={errors.password ? '' : undefined}>
            <LockIcon />
            <input
              ref={inputs.password}
              id="password"
              name="password"
              type={showPassword ? 'text' : 'password'}
              className={styles.input}
              value={values.password}
              autoComplete="current-password"
              aria-required="true"
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={describedBy('password')}
              onChange={(e) => change('password', e.target.value)}
              onKeyUp={(e: KeyboardEvent) => setCapsLock(e.getModifierState('CapsLock'))}
            />
            <button
              type="button"
              className={styles.reveal}
              aria-pressed={showPassword}
              aria-label={t('showPassword')}
              title={t('showPassword')}
              onClick={() => setShowPassword((v) => !v)}
            >
              <EyeIcon open={showPassword} />
            </button>
          </span>,
          capsLock ? t('capsLock') : undefined,
        )}
        <button type="submit" className={styles.submit} disabled={pending} aria-busy={pending}>
          {pending ? <span className={styles.spinner} aria-hidden="true" /> : null}
          {t('login')}
        </button>
      </form>
    </AuthFrame>
  );
}

/** The form's values, errors and submit: sign in, load the user, open the console. */
function useLoginForm({ redirect, onSignedIn, onPasswordChangeRequired, onFirstInput }: LoginScreenProps) {
  const { t } = useTranslation(['auth', 'common']);
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [pending, setPending] = useState(false);
  const touched = useRef(false);
  const inputs = { username: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const validate = (v: Record<Field, string>) => {
    const found: Partial<Record<Field, string>> = {};
    if (!v.username.trim()) found.username = t('usernameRequired');
    if (!v.password) found.password = t('passwordRequired');
    return found;
  };

  const firstInput = () => {
    if (touched.current) return;
    touched.current = true;
    onFirstInput?.();
  };

  const change = (field: Field, value: string) => {
    firstInput();
    const next = { ...values, [field]: value };
    setValues(next);
    if (errors[field]) setErrors((prev) => ({ ...prev, [field]: validate(next)[field] }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    const invalid = (['username', 'password'] as const).find((f) => found[f]);
    if (invalid) {
      inputs[invalid].current?.focus();
      return;
    }
    setPending(true);
    try {
      await login(values.username, values.password);
      await loadUser();
      await onSignedIn(safeRedirect(redirect));
    } catch (error) {
      setPending(false);
      if (error instanceof RequestError) {
        if (error.body?.data === 'password_change_required')
          await onPasswordChangeRequired(values.username.trim());
        else if (!error.shown) toast.error(error.message);
      } else toast.error(t('common:loadFailed'));
    }
  };

  return { values, errors, pending, inputs, change, submit };
}

// Three outline icons in the style of the console's (@ant-design/icons paths would bring its runtime).
function UserIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4.2" />
      <path d="M4 20.5c0-4.2 3.6-7 8-7s8 2.8 8 7" />
    </svg>
  );
}

function LockIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="5" y="10.5" width="14" height="10" rx="1.5" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3M12 14.5v2.5" />
    </svg>
  );
}

function EyeIcon({ open }: { open: boolean }) {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M2.5 12s3.5-6.5 9.5-6.5 9.5 6.5 9.5 6.5-3.5 6.5-9.5 6.5S2.5 12 2.5 12z" />
      <circle cx="12" cy="12" r="3" />
      {open ? null : <path d="M4 4l16 16" />}
    </svg>
  );
}
