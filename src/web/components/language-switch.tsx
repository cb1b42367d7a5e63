import { useTranslation } from 'react-i18next';
import { updateSettings, useSettings } from '../lib/settings.ts';
import styles from './language-switch.module.css';

/**
 * docs/product.md §2/§9: zh (default) or en. With two languages the switch is one button naming the other
 * language; menus, tabs, breadcrumbs and antd's own texts change at once, without a reload. A plain
 * button in the look of antd's text button, so the login route does not load the component library;
 * its accessible name is its visible text (the other language's name), the title says what it does.
 */
export function LanguageSwitch({
  onChanged,
  className,
}: {
  onChanged?: (lang: 'zh' | 'en') => void;
  className?: string;
}) {
  const { t } = useTranslation(['layout', 'common']);
  const { lang } = useSettings();
  const next = lang === 'zh' ? 'en' : 'zh';
  return (
    <button
      type="button"
      className={className ? `${styles.switch} ${className}` : styles.switch}
      title={t('layout:language')}
      data-testid="language-switch"
      onClick={() => {
        updateSettings({ lang: next });
        onChanged?.(next);
      }}
    >
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3z" />
      </svg>
      <span lang={next === 'zh' ? 'zh-CN' : 'en'}>
        {t(next === 'zh' ? 'common:langZh' : 'common:langEn')}
      </span>
    </button>
  );
}
