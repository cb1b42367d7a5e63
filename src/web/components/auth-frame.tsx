import type { ReactNode } from 'react';
import { useBranding } from '../lib/branding.ts';
import styles from './auth-frame.module.css';
import { LanguageSwitch } from './language-switch.tsx';

/**
 * The frame of the public screens (login, initial password, copyright login): backdrop, language
 * switch, and a card headed by the site's logo (or the given icon), a title and a subtitle.
 */
export function AuthFrame({
  title,
  subtitle,
  icon,
  children,
}: {
  title: string;
  subtitle?: string;
  /** Replaces the site logo (the copyright login has its own). */
  icon?: ReactNode;
  children: ReactNode;
}) {
  const branding = useBranding();
  const logo =
    icon ?? (branding?.siteIcon ? <img className={styles.logo} src={branding.siteIcon} alt="" /> : null);
  return (
    <div className={styles.page}>
      <div className={styles.lang}>
        <LanguageSwitch />
      </div>
      <main className={styles.card}>
        <div className={styles.brand}>
          {logo ? <div className={icon ? styles.icon : undefined}>{logo}</div> : null}
          <h1 className={styles.title}>{title}</h1>
          {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
        </div>
        {children}
      </main>
    </div>
  );
}
