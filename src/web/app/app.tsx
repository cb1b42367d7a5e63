import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, theme as antTheme, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { setFeedback } from '../lib/feedback.ts';
import { i18n } from '../lib/i18n.ts';
import { useSettings, type Size } from '../lib/settings.ts';
import { router } from './router.tsx';

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
});

/** Hands antd's context-aware message/modal/notification to code outside React (request layer). */
function FeedbackBridge() {
  const { message, modal, notification } = AntApp.useApp();
  useEffect(() => setFeedback({ message, modal, notification }), [message, modal, notification]);
  return null;
}

/** Spec sizes medium/small/mini on antd's middle/small, mini being small with tighter tokens. */
function sizeConfig(size: Size): Pick<ThemeConfig, 'token'> & { componentSize: 'middle' | 'small' } {
  if (size === 'medium') return { componentSize: 'middle', token: {} };
  if (size === 'small') return { componentSize: 'small', token: {} };
  return { componentSize: 'small', token: { fontSize: 12, controlHeightSM: 20, paddingXS: 6 } };
}

export function App() {
  const { lang, theme, size } = useSettings();
  const sized = sizeConfig(size);
  useEffect(() => {
    dayjs.locale(lang === 'zh' ? 'zh-cn' : 'en');
  }, [lang]);
  const themeConfig = useMemo<ThemeConfig>(
    () => ({ algorithm: antTheme.defaultAlgorithm, token: { colorPrimary: theme, ...sized.token } }),
    [theme, sized.token],
  );
  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider
        locale={lang === 'zh' ? zhCN : enUS}
        theme={themeConfig}
        componentSize={sized.componentSize}
      >
        <AntApp>
          <FeedbackBridge />
          <QueryClientProvider client={queryClient}>
            <RouterProvider router={router} />
          </QueryClientProvider>
        </AntApp>
      </ConfigProvider>
    </I18nextProvider>
  );
}
