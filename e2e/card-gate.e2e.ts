// Issue 32, the gate slice end to end: a travel card sold and activated through the staff API is
// scanned at the south entrance by a registered handheld through the gate API (park entry type 2);
// its detail (畅游卡信息) lists the entry from the gate log, and the entry/exit log (/ticket/visitors)
// shows it with the card's number when filtered by it.
import crypto from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { cardKindApi, cardOrderApi, type CardOrderDetail } from '../src/shared/api/cards.ts';
import { gardenLogApi } from '../src/shared/api/checkin.ts';
import { activateDevice, authGet, authPost } from './support/api.ts';
import { snap, useConsole } from './support/browser.ts';
import { pane, row } from './support/ui.ts';

const { openPage } = useConsole();

describe('a travel card at the gate', () => {
  it('is admitted by its QR code, and the entry shows on its detail and in the entry log', async () => {
    const baseUrl = inject('baseUrl');
    const admin = inject('adminTokens');
    const token = admin.access_token;
    const kind = await authPost<{ id: number }>(baseUrl, token, cardKindApi.create, {
      name: `E2E 闸机卡 ${crypto.randomInt(1000, 9999)}`,
      price: 5000,
      validityType: 1,
      validDays: 30,
      realName: 2,
      photoRequired: false,
      status: 1,
      channels: ['backstageManagement'],
    });
    const sold = await authPost<CardOrderDetail>(baseUrl, token, cardOrderApi.create, {
      kindId: kind.data.id,
      buyer: { name: '赵六', phone: '13800138006' },
      payWay: 1,
      holder: { name: '赵小六' },
    });
    const card = sold.data.cards[0]!;
    expect(card.state).toBe(2);

    // a handheld of the area, registered and activated, scans the card at the south entrance
    const terminal = await authPost<{ activationCode: string }>(
      baseUrl,
      token,
      '/web/api/terminal/terminal/create',
      { kind: 'handManagement', name: '端到端手持机', serialNo: 'E2E-HAND-CARD-01' },
    );
    const handheld = await activateDevice(baseUrl, terminal.data.activationCode);
    const gates = await authGet<{ id: number; name: string }[]>(baseUrl, token, gardenLogApi.gates);
    const south = gates.data.find((g) => g.name === '南门入口')!;
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const answer = await handheld.post<{ allowed: boolean; event: { entryType: number; cardNo: string } }>(
      '/api/gate/scan',
      {
        gateId: south.id,
        deviceId: 'e2e-hand-card',
        nonce: 'e2e-card-gate-1',
        readMode: 1,
        value: card.cardNo,
        scannedAt: `${day}T10:30:00+08:00`,
      },
    );
    expect(answer).toMatchObject({ allowed: true, event: { entryType: 2, cardNo: card.cardNo } });

    // the card's detail lists the entry from the gate log; the order is in use
    const { page, go } = await openPage({ tokens: admin });
    await go(`/VipCard/EnjSelfCardListDetail?id=${card.id}`);
    const entries = pane(page).locator('.ant-card').filter({ hasText: '出入园记录' });
    const entry = entries.locator('.ant-table-row').filter({ hasText: '南门入口' });
    await entry.waitFor();
    expect(await entry.innerText()).toContain('通过');
    await pane(page).getByText('使用中').first().waitFor();
    await snap(page, 'card-gate-detail');

    // the entry/exit log, filtered by the card's number, shows it as the card's entry
    await go(`/ticket/visitors?cardNo=${card.cardNo}`);
    const logged = row(page, `畅游卡：${card.cardNo}`);
    await logged.waitFor();
    expect(await logged.innerText()).toContain('南门入口');
    await snap(page, 'card-gate-log');
  });
});
