import { ConfigProvider, theme as antTheme, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { HashRouter } from 'react-router';
import { i18n } from '../lib/i18n.ts';
import { settingsStore, useSettings, type Settings, type Size } from '../lib/settings.ts';
import { ConsoleRoutes } from './router.tsx';
import { themeComponents, themeTokens } from './theme.ts';

/** Spec sizes medium/small/mini on antd's middle/small, mini being small with tighter tokens. */
function sizeConfig(size: Size): { componentSize: 'middle' | 'small'; token: ThemeConfig['token'] } {
  if (size === 'medium') return { componentSize: 'middle', token: {} };
  if (size === 'small') return { componentSize: 'small', token: {} };
  return { componentSize: 'small', token: { fontSize: 12, controlHeightSM: 20, paddingXS: 6 } };
}

/**
 * antd configured from the settings: language, theme colour (spec default #409EFF, painted in a
 * readable shade: app/theme.ts), size.
 */
function Configured({ settings, children }: { settings: Settings; children: ReactNode }) {
  const sized = sizeConfig(settings.size);
  return (
    <ConfigProvider
      locale={settings.lang === 'zh' ? zhCN : enUS}
      theme={{
        algorithm: antTheme.defaultAlgorithm,
        token: { ...themeTokens(settings.theme), ...sized.token },
        components: themeComponents(settings.theme),
      }}
      componentSize={sized.componentSize}
    >
      {children}
    </ConfigProvider>
  );
}

// antd's static message/modal (used before the layout has mounted) follow the same settings.
ConfigProvider.config({
  holderRender: (children) => <Configured settings={settingsStore.get()}>{children}</Configured>,
});

export function App() {
  const settings = useSettings();
  useEffect(() => {
    dayjs.locale(settings.lang === 'zh' ? 'zh-cn' : 'en');
  }, [settings.lang]);
  return (
    <I18nextProvider i18n={i18n}>
      <Configured settings={settings}>
        <HashRouter>
          <ConsoleRoutes />
        </HashRouter>
      </Configured>
    </I18nextProvider>
  );
}
