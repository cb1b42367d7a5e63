import {
  BgColorsOutlined,
  ColumnHeightOutlined,
  DownOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
} from '@ant-design/icons';
import { App, Avatar, Button, Dropdown, Space, Tooltip } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ADM_TYPE } from '../../shared/dict/account.ts';
import defaultAvatar from '../assets/default-avatar.svg';
import { LanguageSwitch } from '../components/language-switch.tsx';
import { logout } from '../lib/auth.ts';
import { reloadTo } from '../lib/navigation.ts';
import { DASHBOARD_PATH } from '../lib/routes.ts';
import { useUser } from '../lib/session.ts';
import { SIZES, updateSettings, useSettings, type Size } from '../lib/settings.ts';
import { Breadcrumbs } from './breadcrumbs.tsx';
import { NavbarBadges } from './navbar-badges.tsx';
import { ScenicSwitcher } from './scenic-switcher.tsx';
import styles from './layout.module.css';
import type { PermittedRoutes } from './use-permitted-routes.ts';

const ThemeColorPicker = lazy(() => import('./theme-color-picker.tsx'));

const SIZE_LABEL = { medium: 'sizeMedium', small: 'sizeSmall', mini: 'sizeMini' } as const;

function FullscreenToggle() {
  const { t } = useTranslation('layout');
  const { message } = App.useApp();
  const [active, setActive] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setActive(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const toggle = () => {
    // docs/product.md §2: warn where full screen is unsupported
    if (!document.fullscreenEnabled) {
      message.warning(t('fullscreenUnsupported'));
      return;
    }
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen();
  };
  return (
    <Tooltip title={active ? t('exitFullscreen') : t('fullscreen')}>
      <Button
        type="text"
        aria-label={active ? t('exitFullscreen') : t('fullscreen')}
        data-testid="fullscreen"
        icon={active ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={toggle}
      />
    </Tooltip>
  );
}

function SizeSwitch() {
  const { t } = useTranslation('layout');
  const { message } = App.useApp();
  const { size } = useSettings();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [size],
        items: SIZES.map((s) => ({ key: s, label: t(SIZE_LABEL[s]) })),
        onClick: ({ key }) => {
          if (key === size) return;
          updateSettings({ size: key as Size });
          message.success(t('sizeChanged'));
        },
      }}
    >
      <Tooltip title={t('size')}>
        <Button
          type="text"
          aria-label={t('size')}
          data-testid="size-switch"
          icon={<ColumnHeightOutlined />}
        />
      </Tooltip>
    </Dropdown>
  );
}

/**
 * The theme colour button; antd's ColorPicker (with its Collapse, InputNumber and Select, ~10 KiB
 * gzip) loads when the button is first pointed at, focused or clicked, not with the layout.
 */
function ThemePicker() {
  const { t } = useTranslation('layout');
  const [wanted, setWanted] = useState<'open' | 'ready' | null>(null);
  const button = (
    <Button
      type="text"
      aria-label={t('theme')}
      data-testid="theme-picker"
      icon={<BgColorsOutlined />}
      onPointerEnter={() => setWanted((w) => w ?? 'ready')}
      onFocus={() => setWanted((w) => w ?? 'ready')}
      onClick={() => setWanted('open')}
    />
  );
  return (
    <Tooltip title={t('theme')}>
      {wanted ? (
        <Suspense fallback={button}>
          <ThemeColorPicker defaultOpen={wanted === 'open'}>{button}</ThemeColorPicker>
        </Suspense>
      ) : (
        button
      )}
    </Tooltip>
  );
}

function UserMenu() {
  const { t } = useTranslation('layout');
  const navigate = useNavigate();
  const user = useUser();
  if (!user) return null;
  const shop = user.admType === ADM_TYPE.shop;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          // docs/product.md §2: the dashboard link is hidden for account type 4
          ...(shop ? [] : [{ key: DASHBOARD_PATH, label: t('dashboard') }]),
          { key: '/profile/password', label: t('changePassword') },
          { type: 'divider' as const },
          { key: 'logout', label: t('logout') },
        ],
        onClick: async ({ key }) => {
          if (key !== 'logout') {
            navigate(key);
            return;
          }
          await logout();
          reloadTo('/login');
        },
      }}
    >
      <Button type="text" className={styles.user} data-testid="user-menu">
        <Avatar size="small" src={user.avatar || defaultAvatar} alt="" />
        <span className={styles.userName}>
          {user.admNickname || user.user_name}
          <span className={styles.userLogin}>{user.user_name}</span>
        </span>
        <DownOutlined />
      </Button>
    </Dropdown>
  );
}

export function Navbar({
  collapsed,
  onToggle,
  routes,
  mobile,
}: {
  collapsed: boolean;
  onToggle: () => void;
  routes: PermittedRoutes;
  mobile: boolean;
}) {
  const { t } = useTranslation('layout');
  const { message } = App.useApp();
  return (
    <div className={styles.navbar}>
      <Button
        type="text"
        aria-label={collapsed ? t('expand') : t('collapse')}
        data-testid="sidebar-toggle"
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
      />
      {mobile ? null : <Breadcrumbs pages={routes.pages} home={routes.home} />}
      <Space size={0} className={styles.navRight}>
        {mobile ? null : <ScenicSwitcher />}
        <NavbarBadges />
        {mobile ? null : <FullscreenToggle />}
        <SizeSwitch />
        <LanguageSwitch onChanged={(lng) => message.success(t('languageChanged', { lng }))} />
        {mobile ? null : <ThemePicker />}
        <UserMenu />
      </Space>
    </div>
  );
}
