// What the tests read from and do to the console's screens (antd markup and the console's test ids).
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { waitForRoute } from './browser.ts';

/** Fills the login form (docs/product.md §5: the name is trimmed, the password encrypted) and submits it. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.locator('button[type="submit"]').click();
}

/** Logs in through the form and waits for the first screen after it. */
export async function loginWithForm(
  page: Page,
  username: string,
  password: string,
  landing: string | RegExp,
) {
  await page.locator('#username').waitFor();
  await submitLogin(page, username, password);
  await waitForRoute(page, landing);
}

export const sidebar = (page: Page): Locator => page.locator('.ant-layout-sider .ant-menu');

/** The texts of the sidebar entries currently rendered (groups and their open children). */
export async function menuTexts(page: Page): Promise<string[]> {
  return (await sidebar(page).locator('.ant-menu-title-content').allInnerTexts()).map((s) => s.trim());
}

export const tabs = (page: Page): Locator => page.locator('[data-testid="tags-view"] [role="tab"]');

export async function tabTexts(page: Page): Promise<string[]> {
  return (await tabs(page).allInnerTexts()).map((s) => s.trim());
}

export async function activeTabText(page: Page): Promise<string> {
  return (
    await page.locator('[data-testid="tags-view"] [role="tab"][aria-selected="true"]').innerText()
  ).trim();
}

export async function breadcrumbTexts(page: Page): Promise<string[]> {
  return (await page.locator('.ant-breadcrumb li .ant-breadcrumb-link').allInnerTexts()).map((s) => s.trim());
}

/** The error dialog of docs/product.md §8 (antd Modal.error): its title, text and OK button. */
export function errorDialog(page: Page) {
  const dialog = page.locator('.ant-modal-confirm-error');
  return {
    dialog,
    title: dialog.locator('.ant-modal-confirm-title'),
    content: dialog.locator('.ant-modal-confirm-content'),
    ok: dialog.locator('.ant-modal-confirm-btns button'),
  };
}

/** The visible item of an open dropdown menu with this text. */
export function dropdownItem(page: Page, text: string): Locator {
  return page
    .locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item')
    .filter({ hasText: new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) });
}

/** Clicks the first option with this text in the open select's dropdown. */
export async function chooseOption(page: Page, text: string): Promise<void> {
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();
}

/** Waits until the sidebar shows these entries (exactly, in order). */
export async function expectMenu(page: Page, expected: string[]): Promise<void> {
  await expect.poll(() => menuTexts(page)).toEqual(expected);
}

/** antd's message toast with this text. */
export function toast(page: Page, text: string): Locator {
  // the newest: on a busy machine the same message of the previous action may still be fading out
  return page.locator('.ant-message-notice').filter({ hasText: text }).last();
}

/**
 * Switches the console's language with the switch in the page: a toggle button naming the other
 * language, or a dropdown of languages; either way resolved once the choice is stored.
 */
export async function switchLanguage(page: Page, label: 'English' | '中文'): Promise<void> {
  const want = label === 'English' ? 'en' : 'zh';
  await page.locator('[data-testid="language-switch"]').first().click();
  const item = dropdownItem(page, label);
  await expect
    .poll(async () => {
      if (await item.isVisible()) await item.click();
      return page.evaluate(() => localStorage.getItem('language'));
    })
    .toBe(want);
}

/** A button by its text; antd puts a space between two Chinese characters, and icons add a name. */
export function button(scope: Locator | Page, text: string): Locator {
  const pattern = [...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*');
  return scope.getByRole('button', { name: new RegExp(`${pattern}$`) });
}

/**
 * Answers 确定 to the open confirmation bubble (Popconfirm) and waits until it has closed, so the
 * next step does not click through it while it fades.
 */
export async function confirmPopup(page: Page): Promise<void> {
  const popup = page.locator('.ant-popconfirm:visible');
  await button(popup, '确定').click();
  await popup.waitFor({ state: 'hidden' });
}

/** The active tab's pane (each open tab has one; the hidden ones stay mounted). */
export const pane = (page: Page): Locator => page.locator('[data-testid="active-pane"]');
/** The open drawer's body. */
export const drawer = (page: Page): Locator => page.locator('.ant-drawer-open .ant-drawer-section');
/** The open dialog (not one closed and kept hidden by antd). */
export const modal = (page: Page): Locator =>
  page.locator('.ant-modal-wrap:not([style*="display: none"]) .ant-modal');
/** A row of the active tab's table, by any text in it. */
export const row = (page: Page, text: string): Locator =>
  pane(page).locator('.ant-table-row').filter({ hasText: text });

/**
 * Waits until no finite animation or transition runs (a drawer sliding in, a button fading): axe
 * reads colours as painted, so a half-transparent text measured mid-animation fails its contrast.
 */
export async function waitForAnimations(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          !document
            .getAnimations()
            .some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity),
      ),
    )
    .toBe(true);
}
