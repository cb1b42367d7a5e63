import { App, ColorPicker } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { updateSettings, useSettings } from '../lib/settings.ts';

/**
 * docs/product.md §2: the theme colour picker of the top bar ('skin changed' message on a change);
 * open at once when it was loaded by a click.
 */
export default function ThemeColorPicker({
  defaultOpen,
  children,
}: {
  defaultOpen: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('layout');
  const { message } = App.useApp();
  const { theme } = useSettings();
  const [open, setOpen] = useState(defaultOpen);
  return (
    <ColorPicker
      value={theme}
      disabledAlpha
      open={open}
      onOpenChange={setOpen}
      presets={[
        {
          label: t('theme'),
          colors: ['#409EFF', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'],
        },
      ]}
      onChangeComplete={(color) => {
        const hex = color.toHexString();
        if (hex.toLowerCase() === theme.toLowerCase()) return;
        updateSettings({ theme: hex });
        message.success(t('themeChanged'));
      }}
    >
      {children}
    </ColorPicker>
  );
}
