import { TranslationOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { updateSettings, useSettings } from '../lib/settings.ts';

/**
 * docs/product.md §2/§9: zh (default) or en. With two languages the switch is one button naming the other
 * language; menus, tabs, breadcrumbs and antd's own texts change at once, without a reload.
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
    <Button
      type="text"
      className={className}
      icon={<TranslationOutlined />}
      title={t('layout:language')}
      aria-label={t('layout:language')}
      data-testid="language-switch"
      lang={next === 'zh' ? 'zh-CN' : 'en'}
      onClick={() => {
        updateSettings({ lang: next });
        onChanged?.(next);
      }}
    >
      {t(next === 'zh' ? 'common:langZh' : 'common:langEn')}
    </Button>
  );
}
