import { Flex, Form, Input, Tag, theme, Tooltip, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SmsTemplateSetting } from '../../../shared/api/messaging.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { MessageVariable, SmsField, unknownVariables } from '../../../shared/dict/messaging.ts';
import { fillMessage, variablesIn } from '../../../shared/message-text.ts';
import type { ValueProps } from '../../components/field-props.ts';
import { useSettings } from '../../lib/settings.ts';

type Variables = SmsTemplateSetting['variables'];

/**
 * A template's text: a text area, and the variables its module fills in, each inserted as `${name}`
 * at the cursor by a click.
 */
export function TemplateTextInput({
  id,
  value = '',
  onChange,
  variables,
  disabled,
}: ValueProps<string> & { variables: Variables; disabled?: boolean }) {
  const { t } = useTranslation('messaging');
  const { lang } = useSettings();
  // the text area and its last selection, so a click on a variable inserts where the user was
  const area = useRef<{ el: HTMLTextAreaElement | null; start: number; end: number }>({
    el: null,
    start: -1,
    end: -1,
  });
  const remember = (el: HTMLTextAreaElement) => {
    area.current = { el, start: el.selectionStart, end: el.selectionEnd };
  };
  const insert = (name: string) => {
    const token = `\${${name}}`;
    const { el } = area.current;
    const start = area.current.start < 0 ? value.length : Math.min(area.current.start, value.length);
    const end = area.current.end < 0 ? start : Math.min(Math.max(area.current.end, start), value.length);
    const caret = start + token.length;
    onChange?.(value.slice(0, start) + token + value.slice(end));
    area.current = { el, start: caret, end: caret };
    if (el)
      requestAnimationFrame(() => {
        el.focus();
        el.setSelectionRange(caret, caret);
      });
  };
  return (
    // room under the text area for its character count
    <Flex vertical gap={26}>
      <Input.TextArea
        id={id}
        value={value}
        disabled={disabled}
        rows={4}
        maxLength={500}
        showCount
        onChange={(e) => {
          onChange?.(e.target.value);
          remember(e.target);
        }}
        onSelect={(e) => remember(e.currentTarget)}
        onBlur={(e) => remember(e.currentTarget)}
      />
      {variables.length ? (
        <Flex wrap gap={4} align="center" data-testid="sms-variables">
          <Typography.Text type="secondary">{t('variablesHint')}:</Typography.Text>
          {variables.map((v) => (
            <Tooltip key={v.name} title={v.sample}>
              <Tag
                color={disabled ? undefined : 'blue'}
                style={{ cursor: disabled ? 'not-allowed' : 'pointer', marginInlineEnd: 0 }}
                onClick={() => !disabled && insert(v.name)}
              >
                {dictLabel(MessageVariable, v.name, lang)} {`\${${v.name}}`}
              </Tag>
            </Tooltip>
          ))}
        </Flex>
      ) : (
        <Typography.Text type="secondary">{t('noVariables')}</Typography.Text>
      )}
    </Flex>
  );
}

/**
 * The text as it will be sent, with the samples of the module's variables, filled by the server's own
 * `fillMessage`; under it, the variables the module does not fill in (the server refuses them).
 */
export function TemplatePreview({ variables, declared }: { variables: Variables; declared: boolean }) {
  const { t } = useTranslation('messaging');
  const { lang } = useSettings();
  const { token } = theme.useToken();
  const content = (Form.useWatch('content') as string | undefined) ?? '';
  const samples = Object.fromEntries(variables.map((v) => [v.name, v.sample]));
  const known = new Set(variables.map((v) => v.name));
  const unknown = declared ? variablesIn(content).filter((name) => !known.has(name)) : [];
  return (
    <Form.Item label={SmsField.preview[lang]} extra={t('previewHint')}>
      <div
        data-testid="sms-preview"
        style={{
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-word',
          minHeight: 44,
          padding: '8px 12px',
          borderRadius: token.borderRadius,
          background: token.colorFillTertiary,
        }}
      >
        {fillMessage(content, samples)}
      </div>
      {unknown.length > 0 && (
        <Typography.Text type="warning">{unknownVariables(unknown)[lang]}</Typography.Text>
      )}
    </Form.Item>
  );
}
