import { Tag, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { AuditField } from '../../../shared/dict/log-fields.ts';
import { useSettings } from '../../lib/settings.ts';
import styles from './audit.module.css';

type Snapshot = Record<string, unknown>;

const isObject = (value: unknown): value is Snapshot =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

function show(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 1);
}

export interface DiffLine {
  key: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

/** The fields of a before/after pair, in first-seen order, each marked changed or not. */
export function diffLines(before: unknown, after: unknown): DiffLine[] {
  // a creation or deletion has one side only; a non-object snapshot is one line
  const b = isObject(before) ? before : before == null ? {} : { value: before };
  const a = isObject(after) ? after : after == null ? {} : { value: after };
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.map((key) => ({
    key,
    before: b[key],
    after: a[key],
    changed: JSON.stringify(b[key]) !== JSON.stringify(a[key]),
  }));
}

/** An audit row's before/after as a field-by-field table; changed fields highlighted, first. */
export function AuditDiff({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation('audit');
  const { lang } = useSettings();
  const { token } = theme.useToken();
  const lines = diffLines(before, after);
  const sorted = [...lines.filter((l) => l.changed), ...lines.filter((l) => !l.changed)];
  if (!sorted.length) return <p className={styles.none}>{t('noChanges')}</p>;
  return (
    <table className={styles.diff} data-testid="audit-diff">
      <thead>
        <tr>
          <th>{t('field')}</th>
          <th>{AuditField.before[lang]}</th>
          <th>{AuditField.after[lang]}</th>
        </tr>
      </thead>
      <tbody>
        {sorted.map((line) => (
          <tr
            key={line.key}
            data-changed={line.changed || undefined}
            style={line.changed ? { background: token.colorWarningBg } : undefined}
          >
            <td className={styles.key}>
              {line.key}
              {line.changed && (
                <Tag color="warning" className={styles.tag}>
                  {t('changed')}
                </Tag>
              )}
            </td>
            <td className={line.changed ? styles.removed : undefined}>{show(line.before)}</td>
            <td className={line.changed ? styles.added : undefined}>{show(line.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
