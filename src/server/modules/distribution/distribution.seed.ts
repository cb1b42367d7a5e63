import { sql } from 'drizzle-orm';
import { ADM_TYPE } from '../../../shared/dict/account.ts';
import { DISTRIBUTOR_STATE } from '../../../shared/dict/distribution.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { createDistributor, topUpDistributor } from './ledger.service.ts';

/**
 * The demo distributors of the first area, through the ledger service so the ledger adds up: the
 * demo `agent` account's travel agency (normal, two top-ups and a credit line), and two that have
 * no login account yet (one applying, one not enabled).
 */
export async function seedDemoDistributors(tx: Db, scenicId: number): Promise<void> {
  // the area's first distributor account: the one the demo order history sells for (db/seed/demo-orders.ts)
  const [agent] = await queryRows<{ id: number; nickname: string }>(
    tx,
    sql`select id, nickname from admins where scenic_id = ${scenicId} and adm_type = ${ADM_TYPE.distributor}
        order by id limit 1`,
  );
  const [finance] = await queryRows<{ id: number }>(tx, sql`select id from admins where username = 'admin'`);
  const adminId = finance ? Number(finance.id) : null;
  if (agent) {
    const { id } = await createDistributor(tx, {
      scenicId,
      adminId: Number(agent.id),
      company: agent.nickname || '山水旅行社',
      contact: '周婷',
      phone: '0571-87650001',
      state: DISTRIBUTOR_STATE.normal,
      creditLimit: 500_000,
      remark: '年度合作旅行社，月结授信 5000 元',
    });
    for (const [amount, reference] of [
      [1_000_000, 'DR-DEMO-0001'],
      [500_000, 'DR-DEMO-0002'],
    ] as const)
      await topUpDistributor(tx, {
        scenicId,
        distributorId: id,
        amount,
        reference,
        remark: '银行转账充值（财务确认）',
        adminId,
      });
  }
  await createDistributor(tx, {
    scenicId,
    company: '青禾国际旅行社',
    contact: '韩雪',
    phone: '13805710022',
    state: DISTRIBUTOR_STATE.underReview,
    remark: '入驻申请，待审核资质',
  });
  await createDistributor(tx, {
    scenicId,
    company: '湖畔研学旅行服务中心',
    contact: '罗杰',
    phone: '13905710033',
    state: DISTRIBUTOR_STATE.notEnabled,
    remark: '已签约，待开通账号',
  });
}
