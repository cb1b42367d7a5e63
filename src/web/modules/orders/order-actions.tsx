import { App, Button, Checkbox, Form, Input, Modal, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderDetail, OrderNotice, OrderPrint } from '../../../shared/api/orders.ts';
import type { PrintElement } from '../../../shared/api/print-templates.ts';
import type { StaffRefund } from '../../../shared/api/refunds.ts';
import { PAY_STATUS, TICKET_STATUS, TicketStatus } from '../../../shared/dict/order.ts';
import type { Permission } from '../../../shared/perms.ts';
import { Can } from '../../components/can.tsx';
import { useLabel } from '../../components/list-page/index.ts';
import { printTickets } from '../../components/ticket-print/index.ts';
import { post } from '../../lib/request.ts';
import { ORDER_BASE } from './order-api.ts';

type Ticket = OrderDetail['tickets'][number];

/** Statuses a ticket can be issued/printed from (T8, or a reprint of a ticketed one). */
const PRINTABLE: readonly number[] = [TICKET_STATUS.unused, TICKET_STATUS.ticketed];
/** T23: void without refund. */
const VOIDABLE: readonly number[] = [TICKET_STATUS.unused, TICKET_STATUS.ticketed, TICKET_STATUS.expired];
/** T20 (and T19 from withdrawn): staff refund. */
const REFUNDABLE: readonly number[] = [TICKET_STATUS.unused, TICKET_STATUS.ticketed, TICKET_STATUS.withdrawn];

/** Prints each group of tickets with its template (nothing when a group has none). */
async function printGroups(data: OrderPrint): Promise<'none' | 'noTemplate' | 'printed'> {
  const tickets = data.groups.flatMap((g) => g.tickets);
  if (!tickets.length) return 'none';
  if (data.groups.some((g) => !g.template)) return 'noTemplate';
  for (const group of data.groups) {
    const template = group.template!;
    await printTickets(
      {
        widthMm: template.widthMm,
        heightMm: template.heightMm,
        elements: template.elements as PrintElement[],
      },
      group.tickets,
    );
  }
  return 'printed';
}

interface ReasonForm {
  ticketIds: number[];
  reason: string;
}

/** A modal asking for tickets and a reason (void, staff refund). */
function TicketReasonAction({
  order,
  perm,
  eligible,
  button,
  title,
  send,
  onDone,
}: {
  order: OrderDetail;
  perm: Permission;
  eligible: readonly number[];
  button: string;
  title: string;
  send: (values: ReasonForm) => Promise<unknown>;
  onDone: () => void;
}) {
  const { t } = useTranslation(['orders', 'common']);
  const label = useLabel();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<ReasonForm>();
  const tickets = order.tickets.filter((x) => eligible.includes(x.status));
  const option = (x: Ticket) => ({
    value: x.id,
    label: `#${x.id} ${x.productName} ${x.visitorName} (${label(TicketStatus[x.status as keyof typeof TicketStatus])})`,
  });

  const submit = async (values: ReasonForm) => {
    setSaving(true);
    try {
      await send(values);
      setOpen(false);
      form.resetFields();
      void message.success(t('common:success'));
      onDone();
    } catch {
      // shown by the request layer (409: a ticket's status does not allow it)
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Can perm={perm}>
        <Button danger disabled={!tickets.length} onClick={() => setOpen(true)}>
          {button}
        </Button>
      </Can>
      <Modal
        open={open}
        title={title}
        okButtonProps={{ danger: true, loading: saving }}
        okText={t('common:confirm')}
        cancelText={t('common:cancel')}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form<ReasonForm>
          form={form}
          layout="vertical"
          initialValues={{ ticketIds: tickets.map((x) => x.id), reason: '' }}
          onFinish={(values) => void submit(values)}
        >
          <Form.Item
            name="ticketIds"
            label={t('chooseTickets')}
            rules={[{ required: true, type: 'array', min: 1, message: t('ticketsRequired') }]}
          >
            <Checkbox.Group options={tickets.map(option)} style={{ display: 'grid', gap: 4 }} />
          </Form.Item>
          <Form.Item
            name="reason"
            label={t('reason')}
            rules={[{ required: true, whitespace: true, message: t('reasonRequired') }]}
          >
            <Input.TextArea maxLength={200} showCount rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** The staff actions of the detail page; each refreshes the order when done. */
export function OrderActions({ order, onDone }: { order: OrderDetail; onDone: () => void }) {
  const { t } = useTranslation(['orders', 'common']);
  const { message, modal } = App.useApp();
  const [busy, setBusy] = useState<string | null>(null);
  const id = order.order.id;
  const unpaid =
    order.order.payStatus === PAY_STATUS.unpaid && order.order.status === TICKET_STATUS.pendingPayment;
  const printable = order.tickets.some((x) => PRINTABLE.includes(x.status));

  const run = async (name: string, action: () => Promise<void>) => {
    setBusy(name);
    try {
      await action();
    } catch {
      // shown by the request layer
    } finally {
      setBusy(null);
    }
  };

  const issue = () =>
    run('issue', async () => {
      const ticketIds = order.tickets.filter((x) => PRINTABLE.includes(x.status)).map((x) => x.id);
      const data = await post<OrderPrint>(`${ORDER_BASE}/issue`, { id, ticketIds });
      onDone();
      const count = data.groups.reduce((n, g) => n + g.tickets.length, 0);
      const outcome = await printGroups(data);
      if (outcome === 'noTemplate') void message.warning(t('noTemplate'));
      else if (outcome === 'none') void message.info(t('noPrintable'));
      else void message.success(t('issued', { count }));
    });

  const resend = () =>
    run('resend', async () => {
      const notice = await post<OrderNotice>(`${ORDER_BASE}/resendNotice`, { id });
      onDone();
      void modal.info({
        title: t('resendNotice'),
        content: t('noticeRecorded', { phone: notice.phone, text: notice.text }),
        okText: t('common:ok'),
      });
    });

  return (
    <>
      <Can perm="admin:order:update">
        {(allowed) => (
          <Popconfirm
            title={t('cancelConfirm')}
            disabled={!allowed || !unpaid}
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              run('cancel', async () => {
                await post(`${ORDER_BASE}/cancel`, { id });
                void message.success(t('common:success'));
                onDone();
              })
            }
          >
            <Button danger disabled={!allowed || !unpaid} loading={busy === 'cancel'}>
              {t('cancelOrder')}
            </Button>
          </Popconfirm>
        )}
      </Can>
      <Can perm="admin:order:update">
        <Button type="primary" disabled={!printable} loading={busy === 'issue'} onClick={() => void issue()}>
          {t('issue')}
        </Button>
      </Can>
      <TicketReasonAction
        order={order}
        perm="admin:order:update"
        eligible={VOIDABLE}
        button={t('voidTickets')}
        title={t('voidTitle')}
        send={(values) => post(`${ORDER_BASE}/void`, { id, ...values })}
        onDone={onDone}
      />
      <TicketReasonAction
        order={order}
        perm="admin:order:refund"
        eligible={REFUNDABLE}
        button={t('staffRefund')}
        title={t('staffRefundTitle')}
        send={(values) => post(`${ORDER_BASE}/staffRefund`, { orderId: id, ...values } satisfies StaffRefund)}
        onDone={onDone}
      />
      <Can perm="admin:order:update">
        {(allowed) => (
          <Popconfirm title={t('resendConfirm')} disabled={!allowed} onConfirm={() => void resend()}>
            <Button disabled={!allowed} loading={busy === 'resend'}>
              {t('resendNotice')}
            </Button>
          </Popconfirm>
        )}
      </Can>
    </>
  );
}

/** Reprints one ticket (already issued) with its product's template. */
export function ReprintButton({ orderId, ticket }: { orderId: number; ticket: Ticket }) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const [busy, setBusy] = useState(false);
  if (ticket.status !== TICKET_STATUS.ticketed) return null;
  return (
    <Can perm="admin:order:update">
      <Button
        type="link"
        size="small"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          try {
            const data = await post<OrderPrint>(`${ORDER_BASE}/printData`, {
              id: orderId,
              ticketIds: [ticket.id],
            });
            const outcome = await printGroups(data);
            if (outcome === 'noTemplate') void message.warning(t('noTemplate'));
            else if (outcome === 'none') void message.info(t('noPrintable'));
          } catch {
            // shown by the request layer
          } finally {
            setBusy(false);
          }
        }}
      >
        {t('reprint')}
      </Button>
    </Can>
  );
}
