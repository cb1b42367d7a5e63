import { App, Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { orderApi, type OrderDetail, type OrderNotice, type OrderPrint } from '../../../shared/api/orders.ts';
import type { PrintElement } from '../../../shared/api/print-templates.ts';
import type { StaffRefund } from '../../../shared/api/refunds.ts';
import { PAY_STATUS, TICKET_STATUS, TicketStatus } from '../../../shared/dict/order.ts';
import type { Permission } from '../../../shared/perms.ts';
import { Can } from '../../components/can.tsx';
import { CheckboxGroupField } from '../../components/checkbox-group-field.tsx';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { useLabel } from '../../components/list-page/index.ts';
import { printTickets } from '../../components/ticket-print/index.ts';
import { post } from '../../lib/request.ts';
import { useAction } from '../../lib/use-action.ts';

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
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<ReasonForm>();
  // a 409 (a ticket's status does not allow it) is shown by the request layer
  const submit = useAction(send, {
    onSuccess: () => {
      setOpen(false);
      form.resetFields();
      onDone();
    },
  });
  const tickets = order.tickets.filter((x) => eligible.includes(x.status));
  const option = (x: Ticket) => ({
    value: x.id,
    label: `#${x.id} ${x.productName} ${x.visitorName} (${label(TicketStatus[x.status as keyof typeof TicketStatus])})`,
  });

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
        okButtonProps={{ danger: true, loading: submit.pending }}
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
          onFinish={(values) => void submit.run(values)}
        >
          <Form.Item
            name="ticketIds"
            label={t('chooseTickets')}
            rules={[{ required: true, type: 'array', min: 1, message: t('ticketsRequired') }]}
          >
            <CheckboxGroupField options={tickets.map(option)} style={{ display: 'grid', gap: 4 }} />
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
  const id = order.order.id;
  const unpaid =
    order.order.payStatus === PAY_STATUS.unpaid && order.order.status === TICKET_STATUS.pendingPayment;
  const printable = order.tickets.some((x) => PRINTABLE.includes(x.status));

  const issue = useAction(
    async () => {
      const ticketIds = order.tickets.filter((x) => PRINTABLE.includes(x.status)).map((x) => x.id);
      const data = await post<OrderPrint>(orderApi.issue, { id, ticketIds });
      onDone();
      const count = data.groups.reduce((n, g) => n + g.tickets.length, 0);
      return { count, outcome: await printGroups(data) };
    },
    {
      success: ({ count, outcome }) => outcome === 'printed' && t('issued', { count }),
      onSuccess: ({ outcome }) => {
        if (outcome === 'noTemplate') void message.warning(t('noTemplate'));
        else if (outcome === 'none') void message.info(t('noPrintable'));
      },
    },
  );

  return (
    <>
      <ConfirmAction
        perm="admin:order:update"
        title={t('cancelConfirm')}
        okDanger
        disabled={!unpaid}
        button={{ danger: true }}
        action={() => post(orderApi.cancel, { id })}
        onSuccess={onDone}
      >
        {t('cancelOrder')}
      </ConfirmAction>
      <Can perm="admin:order:update">
        <Button type="primary" disabled={!printable} loading={issue.pending} onClick={() => void issue.run()}>
          {t('issue')}
        </Button>
      </Can>
      <TicketReasonAction
        order={order}
        perm="admin:order:update"
        eligible={VOIDABLE}
        button={t('voidTickets')}
        title={t('voidTitle')}
        send={(values) => post(orderApi.void, { id, ...values })}
        onDone={onDone}
      />
      <TicketReasonAction
        order={order}
        perm="admin:order:refund"
        eligible={REFUNDABLE}
        button={t('staffRefund')}
        title={t('staffRefundTitle')}
        send={(values) => post(orderApi.staffRefund, { orderId: id, ...values } satisfies StaffRefund)}
        onDone={onDone}
      />
      <ConfirmAction
        perm="admin:order:update"
        title={t('resendConfirm')}
        button={{}}
        action={() => post<OrderNotice>(orderApi.resendNotice, { id })}
        // the dialog shows what was sent
        success={false}
        onSuccess={(notice) => {
          onDone();
          void modal.info({
            title: t('resendNotice'),
            content: t('noticeRecorded', { phone: notice.phone, text: notice.text }),
            okText: t('common:ok'),
          });
        }}
      >
        {t('resendNotice')}
      </ConfirmAction>
    </>
  );
}

/** Reprints one ticket (already issued) with its product's template. */
export function ReprintButton({ orderId, ticket }: { orderId: number; ticket: Ticket }) {
  const { t } = useTranslation('orders');
  const { message } = App.useApp();
  const reprint = useAction(
    async () =>
      printGroups(await post<OrderPrint>(orderApi.printData, { id: orderId, ticketIds: [ticket.id] })),
    {
      success: false,
      onSuccess: (outcome) => {
        if (outcome === 'noTemplate') void message.warning(t('noTemplate'));
        else if (outcome === 'none') void message.info(t('noPrintable'));
      },
    },
  );
  if (ticket.status !== TICKET_STATUS.ticketed) return null;
  return (
    <Can perm="admin:order:update">
      <Button type="link" size="small" loading={reprint.pending} onClick={() => void reprint.run()}>
        {t('reprint')}
      </Button>
    </Can>
  );
}
