import { sql } from 'drizzle-orm';
import { ADM_TYPE } from '../../../shared/dict/account.ts';
import { DISTRIBUTOR_STATE, type DistributorStateCode } from '../../../shared/dict/distribution.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { hashPassword } from '../auth/index.ts';
import { DEMO_PASSWORD } from '../../lib/password.ts';
import {
  createDistributorAccount,
  moveDistributor,
  recordTopUp,
  repayCredit,
  reviewTopUp,
  setCredit,
} from './distribution.service.ts';
import { createDistributor, debitDistributor, setDistributorState } from './ledger.service.ts';

const AGENCIES = [
  '西湖国旅',
  '钱塘假日旅行社',
  '云栖研学',
  '之江户外俱乐部',
  '运河文旅',
  '新安江旅行社',
  '千岛湖假期',
  '良渚文化旅行',
  '富春山居旅游',
  '龙井茶乡旅行社',
  '灵隐禅修游学',
  '湘湖青年旅行社',
  '天目山户外',
  '莫干山民宿联盟',
  '乌镇水乡旅行',
  '南浔古镇游',
  '普陀海天旅行社',
  '雁荡山探索营',
  '安吉竹乡旅游',
  '临安山地旅行',
  '桐庐乡村游',
  '建德新安旅行社',
  '余杭文旅服务',
  '滨江商旅',
  '萧山空港旅行社',
  '江南古道户外',
  '杭城亲子游',
  '湖畔银发旅居',
] as const;

/** states spread over all four: mostly normal, some frozen, not enabled and applying */
const STATE_OF = (i: number): DistributorStateCode =>
  i % 7 === 3
    ? DISTRIBUTOR_STATE.frozen
    : i % 7 === 5
      ? DISTRIBUTOR_STATE.notEnabled
      : i % 9 === 8
        ? DISTRIBUTOR_STATE.underReview
        : DISTRIBUTOR_STATE.normal;

/** Records a top-up of the demo (a transfer n days into 2025), confirmed, rejected or left pending. */
function demoTopUps(tx: Db, scenicId: number, adminId: number | null) {
  const day = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);

  return async function topUp(
    distributorId: number,
    amount: number,
    n: number,
    outcome: 'confirm' | 'reject' | null,
  ) {
    const { id } = await recordTopUp(tx, {
      scenicId,
      distributorId,
      amount,
      bankRef: `ICBC${String(100_000 + n * 37).padStart(8, '0')}`,
      transferDate: day(n),
      voucher: '',
      remark: '对公转账',
      adminId,
    });
    if (outcome)
      await reviewTopUp(tx, {
        scenicId,
        id,
        move: outcome,
        reviewer: adminId,
        remark: outcome === 'confirm' ? '财务已核对到账' : '未查到该笔转账',
      });
  };
}

/** The `agent` account's travel agency: top-ups, a credit line, a little used and repaid. */
async function seedAgentDistributor(
  tx: Db,
  scenicId: number,
  agent: { id: number; nickname: string },
  adminId: number | null,
  topUp: ReturnType<typeof demoTopUps>,
): Promise<void> {
  const { id } = await createDistributor(tx, {
    scenicId,
    adminId: Number(agent.id),
    company: agent.nickname || '山水旅行社',
    contact: '周婷',
    phone: '0571-87650001',
    state: DISTRIBUTOR_STATE.normal,
    remark: '年度合作旅行社，月结授信 5000 元',
  });
  await topUp(id, 1_000_000, 1, 'confirm');
  await topUp(id, 500_000, 40, 'confirm');
  await topUp(id, 200_000, 90, null);
  await setCredit(tx, { scenicId, distributorId: id, creditLimit: 500_000, remark: '年度授信', adminId });
  await debitDistributor(tx, {
    scenicId,
    distributorId: id,
    payWay: 8,
    amount: 120_000,
    reference: 'DS-DEMO-AGENT-1',
    remark: '团队票授信挂账',
    adminId: Number(agent.id),
  });
  await repayCredit(tx, {
    scenicId,
    distributorId: id,
    amount: 80_000,
    reference: '',
    remark: '月结还款',
    adminId,
  });
}

/**
 * The demo distributors of the first area, through the services so the ledger adds up
 * (`distributorLedgerMismatches` = []): the `agent` account's travel agency (normal, top-ups, a
 * credit line, a little used and repaid), 28 more in all four states (normal and frozen ones with
 * a login account, sharing one hash of the demo password), top-ups confirmed, pending and rejected,
 * credit grants and repayments, and two applications waiting for review.
 */
export async function seedDemoDistributors(tx: Db, scenicId: number): Promise<void> {
  // the area's first distributor account: the one the demo order history sells for (order-admin/demo-history/demo-orders.ts)
  const [agent] = await queryRows<{ id: number; nickname: string }>(
    tx,
    sql`select id, nickname from admins where scenic_id = ${scenicId} and adm_type = ${ADM_TYPE.distributor}
        order by id limit 1`,
  );
  const [finance] = await queryRows<{ id: number }>(tx, sql`select id from admins where username = 'admin'`);
  const adminId = finance ? Number(finance.id) : null;
  const topUp = demoTopUps(tx, scenicId, adminId);
  if (agent) await seedAgentDistributor(tx, scenicId, agent, adminId, topUp);

  const hash = await hashPassword(DEMO_PASSWORD);
  for (const [i, company] of AGENCIES.entries()) {
    const state = STATE_OF(i);
    const needsLogin = state === DISTRIBUTOR_STATE.normal || state === DISTRIBUTOR_STATE.frozen;
    const account = needsLogin
      ? await createDistributorAccount(tx, {
          scenicId,
          username: `dist${String(i + 1).padStart(2, '0')}`,
          nickname: company,
          passwordHash: hash,
          mustChange: false,
        })
      : null;
    // created as normal (or applying) so the money below can move, then put in its state
    const { id } = await createDistributor(tx, {
      scenicId,
      adminId: account,
      company,
      contact: ['李', '王', '张', '刘', '陈', '杨', '赵'][i % 7]! + ['先生', '女士'][i % 2]!,
      phone: `1380571${String(1000 + i * 17).slice(-4)}`,
      state: needsLogin ? DISTRIBUTOR_STATE.normal : DISTRIBUTOR_STATE.underReview,
      remark: '',
    });
    if (needsLogin) {
      await topUp(id, 100_000 * ((i % 5) + 1), i * 3 + 2, 'confirm');
      if (i % 3 === 0) await topUp(id, 50_000, i * 3 + 5, i % 2 ? 'reject' : null);
      if (i % 2 === 0) {
        await setCredit(tx, {
          scenicId,
          distributorId: id,
          creditLimit: 200_000 + 100_000 * (i % 4),
          remark: '授信',
          adminId,
        });
        await debitDistributor(tx, {
          scenicId,
          distributorId: id,
          payWay: 8,
          amount: 60_000,
          reference: `DS-DEMO-${id}-C`,
          remark: '授信购票',
          adminId: account,
        });
        if (i % 4 === 0)
          await repayCredit(tx, {
            scenicId,
            distributorId: id,
            amount: 30_000,
            reference: '',
            remark: '还款',
            adminId,
          });
      }
      await debitDistributor(tx, {
        scenicId,
        distributorId: id,
        payWay: 5,
        amount: 35_000,
        reference: `DS-DEMO-${id}-B`,
        remark: '余额购票',
        adminId: account,
      });
      if (state === DISTRIBUTOR_STATE.frozen)
        await setDistributorState(tx, { scenicId, distributorId: id, state });
    } else if (state === DISTRIBUTOR_STATE.notEnabled) {
      // an application rejected earlier
      await moveDistributor(tx, {
        scenicId,
        distributorId: id,
        move: 'reject',
        review: { adminId, remark: '资质材料不全' },
      });
    }
  }
  await createDistributor(tx, {
    scenicId,
    company: '青禾国际旅行社',
    contact: '韩雪',
    phone: '13805710022',
    state: DISTRIBUTOR_STATE.underReview,
    remark: '入驻申请，待审核资质',
  });
}
