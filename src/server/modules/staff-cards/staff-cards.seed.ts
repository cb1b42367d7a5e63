import { eq } from 'drizzle-orm';
import { CARD_READ_MODE, idNumberCheckChar } from '../../../shared/api/staff-cards.ts';
import { DISABLED } from '../../../shared/dict/account.ts';
import type { Db } from '../../db/client.ts';
import { areaInstant, areaTimeZone } from '../../lib/area-clock.ts';
import { gates } from '../gates/index.ts';
import { newQrCode } from './staff-cards.service.ts';
import { staffCards } from './staff-cards.table.ts';

/** A made-up but well-formed ID number (valid check character). */
const idNumber = (first17: string) => first17 + idNumberCheckChar(first17);

const { qr, idCard, icCard } = CARD_READ_MODE;

/** Five demo staff cards with different read modes and gates; one expired, one disabled. */
export async function seedDemoStaffCards(db: Db, scenicId: number): Promise<void> {
  const byCode = new Map(
    (await db.select().from(gates).where(eq(gates.scenicId, scenicId))).map((g) => [g.code, g.id]),
  );
  const gate = (...codes: string[]) => codes.map((c) => byCode.get(c)).filter((id) => id !== undefined);
  // validity on the area's clock
  const timeZone = await areaTimeZone(db, scenicId);
  const at = (day: string, time: string) => areaInstant(day, time, timeZone);
  const from = at('2024-01-01', '00:00');
  const to = at('2030-12-31', '23:59:59');
  await db.insert(staffCards).values([
    {
      scenicId,
      holderName: '赵强',
      phone: '13800000001',
      department: '保安',
      icCardNo: 'IC-0001',
      readModes: [qr, icCard],
      gateIds: [],
      validFrom: from,
      validTo: to,
      qrCode: newQrCode(),
      remark: '全部闸机',
    },
    {
      scenicId,
      holderName: '钱芳',
      phone: '13800000002',
      department: '保洁',
      readModes: [qr],
      gateIds: gate('S-IN-01', 'S-OUT-01'),
      validFrom: from,
      validTo: to,
      qrCode: newQrCode(),
    },
    {
      scenicId,
      holderName: '孙丽',
      phone: '13800000003',
      department: '售票员',
      idNumber: idNumber('11010519900307402'),
      readModes: [qr, idCard],
      gateIds: gate('S-IN-01', 'S-OUT-01', 'N-IN-01', 'N-OUT-01'),
      validFrom: from,
      validTo: to,
      qrCode: newQrCode(),
    },
    {
      scenicId,
      holderName: '李明',
      phone: '13800000004',
      department: '导游',
      // the demo has no uploaded photos: this expired card reads QR codes and ID cards only
      idNumber: idNumber('33010619850612281'),
      readModes: [qr, idCard],
      gateIds: gate('N-IN-01', 'N-OUT-01', 'BUS-01'),
      validFrom: at('2023-03-01', '00:00'),
      validTo: at('2024-12-31', '23:59:59'),
      qrCode: newQrCode(),
      remark: '合同已到期',
    },
    {
      scenicId,
      holderName: '周伟',
      phone: '13800000005',
      department: '维修',
      idNumber: idNumber('53290119880921351'),
      icCardNo: 'IC-0005',
      readModes: [idCard, icCard],
      gateIds: [],
      validFrom: from,
      validTo: to,
      qrCode: newQrCode(),
      status: DISABLED,
      remark: '休长假',
    },
  ]);
}
