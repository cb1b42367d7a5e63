import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { WithdrawalMove } from '../../../shared/domain/withdrawal-transitions.ts';
import { moveWithdrawal, requestWithdrawal } from './withdrawals.service.ts';

/**
 * Withdrawals of the demo `agent` distributor in every state, through the service (the holds,
 * releases and payouts are its ledger rows, so the ledger adds up): requested by its account,
 * reviewed by `admin` and paid by `staff`, two people for money out (docs/accounts.md).
 */
export async function seedDemoWithdrawals(tx: Db, scenicId: number): Promise<void> {
  const [agent] = await queryRows<{ id: number; admin_id: number }>(
    tx,
    sql`select id, admin_id from distributors where scenic_id = ${scenicId} and admin_id is not null order by id limit 1`,
  );
  const [reviewer] = await queryRows<{ id: number }>(tx, sql`select id from admins where username = 'admin'`);
  const [payer] = await queryRows<{ id: number }>(tx, sql`select id from admins where username = 'staff'`);
  if (!agent || !reviewer || !payer) return;
  const plans: { amount: number; moves: WithdrawalMove[]; remark?: string; reference?: string }[] = [
    { amount: 120_000, moves: ['approve', 'pay'], reference: 'CMB20250312001' },
    { amount: 80_000, moves: ['approve', 'pay'], reference: 'CMB20250608017' },
    { amount: 300_000, moves: ['reject'], remark: '收款户名与签约主体不一致' },
    { amount: 50_000, moves: ['cancel'], remark: '填错金额，重新申请' },
    { amount: 60_000, moves: ['approve'] },
    { amount: 45_000, moves: [] },
  ];
  for (const plan of plans) {
    const w = await requestWithdrawal(tx, {
      scenicId,
      distributorId: Number(agent.id),
      amount: plan.amount,
      bankName: '招商银行杭州分行',
      bankAccount: '6214830571234567',
      accountName: '杭州山水旅行社有限公司',
      remark: '',
      requestedBy: Number(agent.admin_id),
    });
    for (const move of plan.moves)
      await moveWithdrawal(tx, {
        scenicId,
        id: w.id,
        move,
        actorId: Number(move === 'cancel' ? agent.admin_id : move === 'pay' ? payer.id : reviewer.id),
        remark: plan.remark,
        bankReference: move === 'pay' ? plan.reference : undefined,
      });
  }
}
