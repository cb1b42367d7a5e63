import { afterEach, describe, expect, it } from 'vitest';
import type { Userinfo } from '../../shared/api/auth.ts';
import { areaToday } from './area-clock.ts';
import { userStore } from './session.ts';

const user = (timeZone: string): Userinfo => ({
  admId: 1,
  user_name: 'admin',
  admNickname: '管理员',
  avatar: '',
  introduction: '',
  scenicId: 1,
  scenicName: '青山湖',
  timeZone,
  admType: 1,
  payType: 0,
  authorities: [],
  author: [],
  mustChangePassword: false,
});

afterEach(() => userStore.set(null));

describe('areaToday', () => {
  // the tests run in UTC (or TEST_TZ): 16:30 UTC is already the next day in Shanghai
  const lateUtc = new Date('2026-11-25T16:30:00Z');

  it("is the acting area's calendar day, whatever the browser's zone", () => {
    userStore.set(user('Asia/Shanghai'));
    expect(areaToday(lateUtc).format('YYYY-MM-DD')).toBe('2026-11-26');
    userStore.set(user('America/Los_Angeles'));
    expect(areaToday(lateUtc).format('YYYY-MM-DD')).toBe('2026-11-25');
    expect(areaToday(lateUtc).hour()).toBe(0);
  });

  it("is the browser's day before the user info is loaded", () => {
    const d = areaToday(lateUtc);
    expect(d.format('YYYY-MM-DD')).toBe(
      `${lateUtc.getFullYear()}-${String(lateUtc.getMonth() + 1).padStart(2, '0')}-${String(lateUtc.getDate()).padStart(2, '0')}`,
    );
  });
});
