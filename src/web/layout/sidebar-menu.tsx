import { Menu, type MenuProps } from 'antd';
import { createElement, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { AppRoute } from '../lib/routes.ts';

type Item = Required<MenuProps>['items'][number];

/** The sidebar: the permitted, non-hidden routes (docs/product.md §6); submenus open after 200 ms (docs/product.md §9). */
export function SidebarMenu({
  tree,
  collapsed,
  onNavigate,
}: {
  tree: AppRoute[];
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation('menu');
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const items = useMemo(() => {
    const toItems = (routes: AppRoute[]): Item[] =>
      routes
        .filter((r) => !r.hidden)
        .flatMap((r): Item[] => {
          const label = r.title ? t(r.title) : r.path;
          const icon = r.icon ? createElement(r.icon) : undefined;
          const children = r.children ? toItems(r.children) : [];
          // a group whose permitted screens are all hidden (a distributor's settlement invoices) is not shown
          if (r.children && !children.length) return [];
          return [children.length ? { key: r.path, icon, label, children } : { key: r.path, icon, label }];
        });
    return toItems(tree);
  }, [tree, t]);

  const parents = useMemo(
    () => tree.filter((r) => r.children?.some((c) => pathname.startsWith(c.path))).map((r) => r.path),
    [tree, pathname],
  );
  const [openKeys, setOpenKeys] = useState<string[]>(parents);
  useEffect(() => {
    setOpenKeys((keys) => [...new Set([...keys, ...parents])]);
  }, [parents]);

  return (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      selectedKeys={[pathname]}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      inlineCollapsed={collapsed}
      subMenuOpenDelay={0.2}
      onClick={({ key }) => {
        navigate(key);
        onNavigate?.();
      }}
    />
  );
}
