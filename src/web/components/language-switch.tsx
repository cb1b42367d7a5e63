import { TranslationOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { updateSettings, useSettings } from '../lib/settings.ts';

const LANGUAGES = [
  { key: 'zh', label: 'common:langZh' },
  { key: 'en', label: 'common:langEn' },
] as const;

/** Spec §2/§9: zh (default) or en; everything switches at once, no reload. */
export function LanguageSwitch({ onChanged }: { onChanged?: () => void }) {
  const { t } = useTranslation(['layout', 'common']);
  const { lang } = useSettings();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [lang],
        items: LANGUAGES.map((l) => ({ key: l.key, label: t(l.label) })),
        onClick: ({ key }) => {
          if (key === lang) return;
          updateSettings({ lang: key as 'zh' | 'en' });
          onChanged?.();
        },
      }}
    >
      <Button
        type="text"
        icon={<TranslationOutlined />}
        aria-label={t('layout:language')}
        data-testid="language-switch"
      >
        {t(lang === 'zh' ? 'common:langZh' : 'common:langEn')}
      </Button>
    </Dropdown>
  );
}
