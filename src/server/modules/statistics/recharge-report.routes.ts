import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { daysInclusive } from '../../../shared/api/inventory.ts';
import { addDays } from '../../../shared/area-clock.ts';
import { BALANCE_OP } from '../../../shared/dict/members.ts';
import {
  RechargeStatExportSchema,
  RechargeStatQuerySchema,
  RechargeStatText as T,
  rechargeStatReport,
  type RechargeStatQuery,
} from '../../../shared/reports/recharge-stat.ts';
import { queryRows } from '../../db/rows.ts';
import { registerReport, type ReportContext } from '../../http/report.ts';
import { areaDayEnd, areaDayStart } from '../../lib/area-clock.ts';

/**
 * /statAnalyse/rechargeStat (docs/statistics.md): the members' balance ledger per area day and
 * operation (member_ledger_scenic_created_idx), and the paid top-ups per recharge rule and pay way
 * (recharges_scenic_created_idx, by the day they were paid). Direct reads: a year of an area's
 * ledger is a range of one index (measured in docs/benchmarks.md), so no rollup.
 */

const span = (ctx: ReportContext, from: string, to: string) => ({
  start: areaDayStart(from, ctx.timeZone).toISOString(),
  end: areaDayEnd(to, ctx.timeZone).toISOString(),
});

async function ledgerByDay(ctx: ReportContext, from: string, to: string) {
  const { start, end } = span(ctx, from, to);
  return queryRows<{ day: string; operation: number; n: number; amount: string | number }>(
    ctx.db,
    sql`select (created_at at time zone ${ctx.timeZone})::date::text as day, operation, count(*)::int as n,
        sum(change)::bigint as amount
      from member_ledger
      where scenic_id = ${ctx.scenicId} and created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz
      group by 1, 2 order by 1, 2`,
  );
}

async function toppingUp(ctx: ReportContext, from: string, to: string) {
  const { start, end } = span(ctx, from, to);
  const [row] = await queryRows<{ n: number }>(
    ctx.db,
    sql`select count(distinct member_id)::int as n from member_ledger
      where scenic_id = ${ctx.scenicId} and operation = ${BALANCE_OP.topUp}
        and created_at >= ${start}::timestamptz and created_at < ${end}::timestamptz`,
  );
  return Number(row?.n ?? 0);
}

/** Paid top-ups of the period grouped by `by` (the rule or the pay way). */
async function paidTopUps(ctx: ReportContext, from: string, to: string, by: 'rule' | 'payWay') {
  const { start, end } = span(ctx, from, to);
  const key = by === 'rule' ? sql`r.rule_id` : sql`r.pay_way`;
  return queryRows<{
    k: number | null;
    pay: number | null;
    gift_rule: number | null;
    n: number;
    amount: string;
    gift: string;
  }>(
    ctx.db,
    sql`select ${key} as k, max(f.pay_amount) as pay, max(f.gift_amount) as gift_rule, count(*)::int as n,
        sum(r.amount)::bigint as amount, sum(r.gift_amount)::bigint as gift
      from recharges r left join recharge_rules f on f.id = r.rule_id and ${by === 'rule'}
      where r.scenic_id = ${ctx.scenicId} and r.status = 201
        and coalesce(r.paid_at, r.created_at) >= ${start}::timestamptz and coalesce(r.paid_at, r.created_at) < ${end}::timestamptz
      group by 1 order by 1 nulls last`,
  );
}

const yuan = (cents: number) => (cents / 100).toFixed(2);

interface Day {
  topUp: number;
  topUps: number;
  gift: number;
  spend: number;
  spends: number;
  refund: number;
  adjust: number;
  change: number;
}
const emptyDay = (): Day => ({
  topUp: 0,
  topUps: 0,
  gift: 0,
  spend: 0,
  spends: 0,
  refund: 0,
  adjust: 0,
  change: 0,
});

function addLedger(d: Day, operation: number, n: number, amount: number) {
  d.change += amount;
  if (operation === BALANCE_OP.topUp) {
    d.topUp += amount;
    d.topUps += n;
  } else if (operation === BALANCE_OP.gift) d.gift += amount;
  else if (operation === BALANCE_OP.consume) {
    d.spend -= amount;
    d.spends += n;
  } else if (operation === BALANCE_OP.refund) d.refund += amount;
  else d.adjust += amount;
}

export async function rechargeStat(ctx: ReportContext, q: RechargeStatQuery) {
  const lang = ctx.req.lang;
  const days = daysInclusive(q.from, q.to);
  const [ledger, before, members, byRule, byWay] = await Promise.all([
    ledgerByDay(ctx, q.from, q.to),
    ledgerByDay(ctx, addDays(q.from, -days), addDays(q.from, -1)),
    toppingUp(ctx, q.from, q.to),
    paidTopUps(ctx, q.from, q.to, 'rule'),
    paidTopUps(ctx, q.from, q.to, 'payWay'),
  ]);
  const total = emptyDay();
  const prev = emptyDay();
  const byDay = new Map<string, Day>();
  for (const r of before) addLedger(prev, Number(r.operation), Number(r.n), Number(r.amount));
  for (const r of ledger) {
    const d = byDay.get(r.day) ?? emptyDay();
    addLedger(d, Number(r.operation), Number(r.n), Number(r.amount));
    addLedger(total, Number(r.operation), Number(r.n), Number(r.amount));
    byDay.set(r.day, d);
  }
  const paidCells = (r: { n: number; amount: string; gift: string }) => ({
    topUps: Number(r.n),
    topUp: Number(r.amount),
    gift: Number(r.gift),
  });
  const paidTotal = (rows: { n: number; amount: string; gift: string }[]) => ({
    total: 1,
    topUps: rows.reduce((s, r) => s + Number(r.n), 0),
    topUp: rows.reduce((s, r) => s + Number(r.amount), 0),
    gift: rows.reduce((s, r) => s + Number(r.gift), 0),
  });
  const ruleName = (r: { k: number | null; pay: number | null; gift_rule: number | null }) =>
    r.k == null || r.pay == null
      ? T.ruleNone[lang]
      : T.ruleText[lang]
          .replace('{pay}', yuan(Number(r.pay)))
          .replace('{gift}', yuan(Number(r.gift_rule ?? 0)));
  return {
    figures: {
      topUp: total.topUp,
      topUps: total.topUps,
      gift: total.gift,
      spend: total.spend,
      members,
      topUpPrev: prev.topUp,
      spendPrev: prev.spend,
    },
    tables: {
      byDay: [...[...byDay.entries()].map(([day, d]) => ({ day, ...d })), { total: 1, ...total }],
      byRule: [...byRule.map((r) => ({ rule: ruleName(r), ...paidCells(r) })), paidTotal(byRule)],
      byPayWay: [...byWay.map((r) => ({ payWay: r.k, ...paidCells(r) })), paidTotal(byWay)],
    },
  };
}

export async function rechargeStatRoutes(app: FastifyInstance) {
  registerReport(app, {
    definition: rechargeStatReport,
    tag: 'statistics',
    summary: 'Member top-ups, gifts and spends per day, recharge rule and pay way',
    permission: 'admin:stat:rechargeStat',
    query: RechargeStatQuerySchema,
    export: RechargeStatExportSchema,
    run: rechargeStat,
  });
}
