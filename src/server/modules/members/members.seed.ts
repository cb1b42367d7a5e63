import { sql } from 'drizzle-orm';
import { idNumberCheckChar } from '../../../shared/api/staff-cards.ts';
import {
  BALANCE_OP,
  LEVEL_BASIS,
  LEVEL_CHANGE,
  MEMBER_STATUS,
  RECHARGE_STATUS,
  TRAVELLER_ID_TYPE,
} from '../../../shared/dict/members.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { memberLevels, members, rechargeRules, travellers } from './members.table.ts';

/** How many demo members the first area gets (bulk SQL: the whole seed stays well under a second). */
export const DEMO_MEMBERS = 5000;

const LEVELS = [
  {
    name: '普通会员',
    threshold: 0,
    discount: 100,
    benefits: '注册即享；消费 1 元积 1 分；生日当月赠 100 积分',
  },
  {
    name: '银卡会员',
    threshold: 100_000,
    discount: 98,
    benefits: '门票 98 折；每年 1 次免费寄存；积分兑换游船票',
  },
  {
    name: '金卡会员',
    threshold: 500_000,
    discount: 95,
    benefits: '门票 95 折；专属入园通道；每年 2 张观光车券',
  },
  {
    name: '钻石会员',
    threshold: 2_000_000,
    discount: 90,
    benefits: '门票 9 折；贵宾休息室；专属客服；每年 4 张游船票',
  },
];

// pay → gift, in cents; the last one is an old campaign, disabled
const RULES: [pay: number, gift: number, remark: string, status: number][] = [
  [10_000, 1_000, '充 100 送 10', 1],
  [20_000, 3_000, '充 200 送 30', 1],
  [50_000, 10_000, '充 500 送 100', 1],
  [100_000, 25_000, '充 1000 送 250', 1],
  [30_000, 9_000, '国庆活动（已结束）', 2],
];

const SURNAMES = [
  '张',
  '王',
  '李',
  '赵',
  '刘',
  '陈',
  '杨',
  '黄',
  '周',
  '吴',
  '徐',
  '孙',
  '马',
  '朱',
  '胡',
  '郭',
];
const GIVEN = [
  '小明',
  '晓燕',
  '子涵',
  '浩然',
  '雨桐',
  '思远',
  '佳怡',
  '俊杰',
  '欣怡',
  '宇轩',
  '梓萱',
  '一鸣',
  '诗琪',
  '志强',
  '婷婷',
  '建国',
  '秀英',
];
const NICKNAMES = ['山水之间', '旅行的猫', '青山不老', '湖边散步', '背包客', '晨跑达人', '向日葵', '小太阳'];
const PREFIXES = ['139', '138', '137', '136', '135', '150', '151', '158', '159', '186', '188', '177', '199'];
const REGIONS = ['110101', '310104', '330106', '330102', '440305', '510107', '530102', '320102', '420106'];

/** A valid mainland ID number (GB 11643 check character) from a few numbers. */
function demoIdNumber(seed: number): string {
  const birth = new Date(Date.UTC(1950, 0, 1) + ((seed * 7919) % 24_000) * 86_400_000);
  const day = birth.toISOString().slice(0, 10).replaceAll('-', '');
  const first17 = `${REGIONS[seed % REGIONS.length]}${day}${String((seed * 37) % 1000).padStart(3, '0')}`;
  return `${first17}${idNumberCheckChar(first17)}`;
}

/** A whole number of the code, written into the statement (PGlite types parameters as text). */
const int = (value: number) => sql.raw(String(Math.trunc(value)));

/** The registration time's column, by the table's definition. */
const REGISTERED = sql.identifier(members.registeredAt.name);

const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(',')}]`);

/**
 * The first area's members (docs/product.md §2 /user): four levels by total spend, five top-up
 * rules, 5,000 members over all levels, their paid top-ups (a few pending or closed), the ledger
 * of every movement (top-up, gift, counter consumption) with each balance equal to its sum, level
 * history up to each member's level, and frequent travellers with valid ID numbers. Set-based SQL.
 */
export async function seedDemoMembers(db: Db, scenicId: number): Promise<void> {
  await db
    .insert(memberLevels)
    .values(LEVELS.map((l) => ({ ...l, scenicId, basis: LEVEL_BASIS.spend, status: 1 })));
  await db.insert(rechargeRules).values(
    RULES.map(([payAmount, giftAmount, remark, status], i) => ({
      scenicId,
      payAmount,
      giftAmount,
      remark,
      status,
      sort: (i + 1) * 10,
    })),
  );

  // members: a pseudo-random spend per member (h), spread so that every level has members
  await db.execute(sql`
    insert into members (scenic_id, phone, nickname, source, status, total_spend, ${REGISTERED}, updated_at)
    select ${int(scenicId)},
      case when n % 499 = 0 then null
        else (${textArray(PREFIXES)})[1 + n % ${int(PREFIXES.length)}]
          || reverse(lpad(((n::bigint * 7919 + 3141592) % 100000000)::text, 8, '0'))
      end,
      case when n % 9 = 0 then (${textArray(NICKNAMES)})[1 + (n / 9) % ${int(NICKNAMES.length)}]
        else (${textArray(SURNAMES)})[1 + n % ${int(SURNAMES.length)}] || (${textArray(GIVEN)})[1 + (n / 7) % ${int(GIVEN.length)}]
      end,
      case when n % 20 < 16 then 1 when n % 20 < 19 then 2 else 3 end,
      case when n % 97 = 0 then ${int(MEMBER_STATUS.frozen)} else ${int(MEMBER_STATUS.active)} end,
      case
        when n % 7 = 0 then 0
        when n % 100 < 50 then (h * 97) % 100000
        when n % 100 < 78 then 100000 + (h * 397) % 400000
        when n % 100 < 94 then 500000 + (h * 1499) % 1500000
        else 2000000 + (h * 4001) % 4000000
      end / 100 * 100,
      reg, reg
    from (
      select n, (n::bigint * 2654435761) % 1000 as h,
        now() - make_interval(days => 30 + ((n::bigint * 40503) % 7919 % 700)::integer, hours => n % 24,
          mins => (n * 13) % 60) as reg
      from generate_series(1, ${int(DEMO_MEMBERS)}) n
    ) g`);

  // paid top-ups: two members in five, one to three each, by the enabled rules
  await db.execute(sql`
    insert into recharges (scenic_id, recharge_no, member_id, amount, gift_amount, rule_id, pay_way, status,
      provider_txn_id, paid_at, created_at)
    select ${int(scenicId)}, 'R' || to_char(t.at, 'YYYYMMDD') || lpad(row_number() over (order by m.id, k)::text, 6, '0'), m.id,
      r.pay_amount, r.gift_amount, r.id, w.pay_way, ${int(RECHARGE_STATUS.paid)},
      case when w.pay_way = 1 then null else 'DEMO' || m.id || '-' || k end,
      t.at + interval '20 seconds', t.at
    from members m
    cross join generate_series(1, 3) k
    join (select id, pay_amount, gift_amount, row_number() over (order by pay_amount) - 1 as idx
          from recharge_rules where scenic_id = ${int(scenicId)} and status = 1) r on r.idx = (m.id + k) % 4
    cross join lateral (select case (m.id + k) % 10 when 0 then 1 when 1 then 3 when 2 then 3 else 2 end as pay_way) w
    cross join lateral (select m.${REGISTERED} + (now() - m.${REGISTERED}) * (k / 5.0) as at) t
    where m.scenic_id = ${int(scenicId)} and m.id % 5 < 2 and k <= 1 + m.id % 3`);

  // a few pending (started minutes ago) and closed (never paid) ones
  await db.execute(sql`
    insert into recharges (scenic_id, recharge_no, member_id, amount, gift_amount, rule_id, pay_way, status, created_at)
    select ${int(scenicId)}, 'R' || to_char(c.at, 'YYYYMMDD') || lpad((900000 + p.i)::text, 6, '0'), p.member_id,
      r.pay_amount, r.gift_amount, r.id, 2,
      case when p.pending then ${int(RECHARGE_STATUS.pending)} else ${int(RECHARGE_STATUS.closed)} end, c.at
    from (
      select (row_number() over (order by id))::integer as i, id as member_id, row_number() over (order by id) <= 10 as pending
      from members where scenic_id = ${int(scenicId)} and id % 5 = 3 and status = ${int(MEMBER_STATUS.active)}
      order by id limit 24
    ) p
    cross join lateral (select case when p.pending then now() - make_interval(mins => p.i * 2)
      else now() - make_interval(days => p.i * 3, hours => p.i) end as at) c
    join (select id, pay_amount, gift_amount, row_number() over (order by pay_amount) - 1 as idx
          from recharge_rules where scenic_id = ${int(scenicId)} and status = 1) r on r.idx = p.i % 4`);

  // the ledger: each paid top-up and its gift, and counter consumption of a member in three,
  // in time order with the running balance
  await db.execute(sql`
    insert into member_ledger (scenic_id, member_id, operation, change, balance_after, reference, remark, admin_id, created_at)
    select ${int(scenicId)}, member_id, operation, change,
      sum(change) over (partition by member_id order by at, ord rows between unbounded preceding and current row),
      reference, remark, admin_id, at
    from (
      select member_id, ${int(BALANCE_OP.topUp)} as operation, amount as change, recharge_no as reference,
        '' as remark, null::integer as admin_id, paid_at as at, 1 as ord
      from recharges where scenic_id = ${int(scenicId)} and status = ${int(RECHARGE_STATUS.paid)}
      union all
      select member_id, ${int(BALANCE_OP.gift)}, gift_amount, recharge_no, '', null, paid_at, 2
      from recharges where scenic_id = ${int(scenicId)} and status = ${int(RECHARGE_STATUS.paid)} and gift_amount > 0
      union all
      select member_id, ${int(BALANCE_OP.consume)}, -(held * (1 + member_id % 5) / 10 / 100 * 100), '',
        (${textArray(['游船票', '观光车', '景区餐厅', '文创商店', '寄存'])})[1 + member_id % 5],
        (select id from admins where username = 'admin' limit 1),
        last + (now() - last) / 2, 3
      from (
        select member_id, sum(amount + gift_amount) as held, max(paid_at) as last
        from recharges where scenic_id = ${int(scenicId)} and status = ${int(RECHARGE_STATUS.paid)}
        group by member_id
      ) paid
      where member_id % 3 = 0
    ) moves
    order by at, ord`);

  // balances are the sums of the ledgers; consumption counts as spend; points and levels follow
  await db.execute(sql`
    update members m set balance = l.balance, total_spend = m.total_spend + l.consumed
    from (
      select member_id, sum(change) as balance,
        coalesce(-sum(change) filter (where operation = ${int(BALANCE_OP.consume)}), 0) as consumed
      from member_ledger where scenic_id = ${int(scenicId)} group by member_id
    ) l
    where m.id = l.member_id`);
  await db.execute(sql`
    update members m set points = m.total_spend / 100,
      level_id = (select l.id from member_levels l
                  where l.scenic_id = m.scenic_id and l.status = 1 and l.threshold <= m.total_spend
                  order by l.threshold desc limit 1)
    where m.scenic_id = ${int(scenicId)}`);

  // each level a member passed on the way up, spread between registration and now
  await db.execute(sql`
    insert into member_level_history (scenic_id, member_id, from_level_id, to_level_id, reason, created_at)
    select ${int(scenicId)}, member_id, from_level_id, level_id, ${int(LEVEL_CHANGE.automatic)},
      registered_at + (now() - registered_at) * (rn::float / (cnt + 1)) as created_at
    from (
      select m.id as member_id, m.${REGISTERED} as registered_at, l.id as level_id, l.threshold,
        lag(l.id) over w as from_level_id, row_number() over w as rn, count(*) over (partition by m.id) as cnt
      from members m
      join member_levels l on l.scenic_id = m.scenic_id and l.status = 1 and l.threshold <= m.total_spend
      where m.scenic_id = ${int(scenicId)}
      window w as (partition by m.id order by l.threshold)
    ) steps
    where threshold > 0
    order by created_at`);

  await seedDemoTravellers(db, scenicId);
}

/** Frequent travellers of a member in twelve: the member, then family, with valid ID numbers. */
async function seedDemoTravellers(db: Db, scenicId: number): Promise<void> {
  const owners = await queryRows<{
    id: number;
    nickname: string;
    phone: string | null;
    registered_at: string;
  }>(
    db,
    sql`select id, nickname, phone, ${REGISTERED} as registered_at from members
        where scenic_id = ${int(scenicId)} and id % 12 = 0 order by id`,
  );
  const rows: (typeof travellers.$inferInsert)[] = [];
  for (const owner of owners) {
    const id = Number(owner.id);
    for (let k = 0; k <= (id / 12) % 3; k++) {
      const seed = id * 3 + k;
      const idType =
        seed % 23 === 0 ? TRAVELLER_ID_TYPE.passport : seed % 29 === 0 ? TRAVELLER_ID_TYPE.hkMacau : 1;
      const idNumber =
        idType === TRAVELLER_ID_TYPE.passport
          ? `E${String((seed * 7919) % 100_000_000).padStart(8, '0')}`
          : idType === TRAVELLER_ID_TYPE.hkMacau
            ? `H${String((seed * 6007) % 100_000_000).padStart(8, '0')}`
            : demoIdNumber(seed);
      const name =
        k === 0 && !NICKNAMES.includes(owner.nickname)
          ? owner.nickname
          : `${SURNAMES[seed % SURNAMES.length]}${GIVEN[(seed * 5) % GIVEN.length]}`;
      const created = new Date(owner.registered_at);
      rows.push({
        scenicId,
        memberId: id,
        name,
        idType,
        idNumber,
        phone: k === 0 ? (owner.phone ?? '') : '',
        createdAt: new Date(created.getTime() + (k + 1) * 3_600_000),
        updatedAt: new Date(created.getTime() + (k + 1) * 3_600_000),
      });
    }
  }
  if (rows.length) await db.insert(travellers).values(rows);
}
