import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Row, Space, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Permission } from '../../shared/perms.ts';
import { Can } from './can.tsx';

export interface EditorPageProps {
  /** The card's title after the back button: "New announcement", "Edit notice", an area's name. */
  title: ReactNode;
  /** The record being edited is still loading. */
  loading: boolean;
  /** Loading it failed: what to say (the user can retry or go back), or null. */
  failed: string | null;
  onRetry: () => void;
  /** Back to the list (the back arrow and Cancel). */
  onBack: () => void;
  /** The back arrow's accessible name (e.g. 返回列表). */
  backLabel: string;
  saving: boolean;
  onSave: () => void;
  /** Who may save (without it, Save stays visible but disabled: docs/product.md §5). */
  savePerm?: Permission;
  /** The form. */
  children: ReactNode;
  /** Beside the form on wide screens only (a live preview). */
  aside?: ReactNode;
}

/**
 * The frame of a hidden detail page that edits one record with a long form (a notice template, an
 * announcement, an area's profile): loading, a failure with retry and back, and a card with the back
 * arrow, Cancel and Save around the form.
 */
export function EditorPage(props: EditorPageProps) {
  const { t } = useTranslation('common');
  const { onBack, backLabel, saving, onSave } = props;
  if (props.loading)
    return (
      <Card>
        <Spin />
      </Card>
    );
  if (props.failed !== null)
    return (
      <Card>
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={props.failed}>
          <Space>
            <Button onClick={props.onRetry}>{t('retry')}</Button>
            <Button onClick={onBack}>{backLabel}</Button>
          </Space>
        </Empty>
      </Card>
    );

  const saveButton = (
    <Button type="primary" loading={saving} onClick={onSave}>
      {t('save')}
    </Button>
  );
  const card = (
    <Card
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} aria-label={backLabel} onClick={onBack} />
          {props.title}
        </Space>
      }
      extra={
        <Space>
          <Button onClick={onBack}>{t('cancel')}</Button>
          {props.savePerm ? <Can perm={props.savePerm}>{saveButton}</Can> : saveButton}
        </Space>
      }
    >
      {props.children}
    </Card>
  );
  if (!props.aside) return card;
  return (
    <Row gutter={16}>
      <Col xs={24} xl={14}>
        {card}
      </Col>
      <Col xs={0} xl={10}>
        {props.aside}
      </Col>
    </Row>
  );
}
