import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Divider, Popover, Radio, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Density } from './column-prefs.ts';

export interface ColumnSettingsProps {
  columns: readonly { key: string; title: string }[];
  isVisible: (key: string) => boolean;
  setVisible: (key: string, visible: boolean) => void;
  density: Density;
  setDensity: (density: Density) => void;
  reset: () => void;
}

/** The gear above a list: which columns to show and how dense the table is. */
export function ColumnSettings({
  columns,
  isVisible,
  setVisible,
  density,
  setDensity,
  reset,
}: ColumnSettingsProps) {
  const { t } = useTranslation('listPage');
  const content = (
    <div style={{ maxWidth: 260 }} data-testid="column-settings">
      <div style={{ marginBottom: 8 }}>{t('density')}</div>
      <Radio.Group
        size="small"
        optionType="button"
        value={density}
        onChange={(e) => setDensity(e.target.value as Density)}
        options={[
          { value: 'default', label: t('densityDefault') },
          { value: 'middle', label: t('densityMiddle') },
          { value: 'small', label: t('densityCompact') },
        ]}
      />
      <Divider style={{ margin: '12px 0' }} />
      <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
        {columns.map((column) => (
          <Checkbox
            key={column.key}
            checked={isVisible(column.key)}
            onChange={(e) => setVisible(column.key, e.target.checked)}
          >
            {column.title}
          </Checkbox>
        ))}
      </div>
      <Divider style={{ margin: '12px 0' }} />
      <Button size="small" onClick={reset}>
        {t('resetColumns')}
      </Button>
    </div>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight">
      <Tooltip title={t('columns')}>
        <Button icon={<SettingOutlined />} aria-label={t('columns')} />
      </Tooltip>
    </Popover>
  );
}
