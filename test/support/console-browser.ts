import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { Anvil } from './anvil';
import { freePort } from './crash-rig';
import { injectWallet, type InjectedWallet } from './injected-wallet';
import { createTestApp, type TestApp } from './test-app';

/** Screenshots of every console page, for a person to look at (gitignored). */
export const CONSOLE_SHOTS = join(__dirname, '..', '..', 'test-artifacts', 'console');

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/**
 * The service on a real port whose PUBLIC_BASE_URL is that same origin, as sign-in checks the
 * SIWE message's domain against it.
 */
export async function startConsoleService(env: Record<string, string> = {}): Promise<{ t: TestApp; baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Sign-in shares the token service's throttle per client address, and every browser of a suite
  // signs in from 127.0.0.1: a suite of journeys signs in more often than 15 times a minute.
  const t = await createTestApp({ env: { PUBLIC_BASE_URL: baseUrl, TOKEN_RATE_LIMIT: '1000', ...env } });
  await t.app.listen(port, '127.0.0.1');
  return { t, baseUrl };
}

export interface ConsoleSession {
  readonly context: BrowserContext;
  readonly page: Page;
  readonly wallet: InjectedWallet;
  /** Content-Security-Policy violations the page reported; a console test expects none. */
  readonly cspViolations: string[];
}

/** A browser context with the injected wallet for `account`, and one page in it. */
export async function openConsole(
  browser: Browser,
  anvil: Anvil,
  account: PrivateKeyAccount,
  options: { viewport?: { width: number; height: number }; locale?: string } = {},
): Promise<ConsoleSession> {
  const context = await browser.newContext({
    viewport: options.viewport ?? DESKTOP,
    locale: options.locale ?? 'en-US',
    acceptDownloads: true,
  });
  const wallet = await injectWallet(context, { anvil, account });
  const page = await context.newPage();
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) cspViolations.push(message.text());
  });
  return { context, page, wallet, cspViolations };
}

/** Full-page screenshots at both widths the console is made for. */
export async function screenshotBothWidths(page: Page, name: string): Promise<void> {
  mkdirSync(CONSOLE_SHOTS, { recursive: true });
  for (const [label, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(100);
    await page.screenshot({ path: join(CONSOLE_SHOTS, `${name}-${label}.png`), fullPage: true });
  }
  await page.setViewportSize(DESKTOP);
}
