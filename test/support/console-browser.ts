import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { Anvil } from './anvil';
import { freePort } from './crash-rig';
import { injectTronLink, type InjectedTronLink } from './injected-tronlink';
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
export async function startConsoleService(
  env: Record<string, string> = {},
  options: { databaseUrl?: string } = {},
): Promise<{ t: TestApp; baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  // Sign-in shares the token service's throttle per client address, and every browser of a suite
  // signs in from 127.0.0.1: a suite of journeys signs in more often than 15 times a minute.
  const t = await createTestApp({
    databaseUrl: options.databaseUrl,
    env: { PUBLIC_BASE_URL: baseUrl, TOKEN_RATE_LIMIT: '1000', ...env },
  });
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

/** A browser context with TronLink (the test one, for `account`) and no EVM wallet, and one page in it. */
export async function openTronConsole(
  browser: Browser,
  account: PrivateKeyAccount,
): Promise<Omit<ConsoleSession, 'wallet'> & { tronLink: InjectedTronLink }> {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  const tronLink = await injectTronLink(context, account);
  const page = await context.newPage();
  const cspViolations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) cspViolations.push(message.text());
  });
  return { context, page, tronLink, cspViolations };
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

/** One piece of text whose contrast with what is behind it is below WCAG AA. */
export interface ContrastFailure {
  readonly text: string;
  readonly element: string;
  readonly color: string;
  readonly background: string;
  readonly ratio: number;
  readonly required: number;
}

/**
 * WCAG 2 AA contrast of every visible piece of text on the page, measured in the page: each text
 * node's computed colour against the background actually behind it (semi-transparent layers of
 * its ancestors composited down to the first opaque one, the page's white if none). 4.5:1 for
 * normal text, 3:1 for large (24 px, or 18.66 px bold). Disabled controls are exempt, as WCAG
 * exempts inactive components. Runs as a string: the test code has no DOM types.
 */
export async function contrastFailures(page: Page): Promise<ContrastFailure[]> {
  return page.evaluate(`(() => {
    const parse = (c) => {
      const m = c.match(/rgba?\\(([^)]+)\\)/);
      if (!m) return [0, 0, 0, 0];
      const p = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
      return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
    };
    const over = (top, under) => {
      const a = top[3];
      return [0, 1, 2].map((i) => top[i] * a + under[i] * (1 - a)).concat(1);
    };
    const background = (el) => {
      const layers = [];
      for (let at = el; at; at = at.parentElement) {
        const c = parse(getComputedStyle(at).backgroundColor);
        if (c[3] > 0) layers.push(c);
        if (c[3] >= 1) break;
      }
      let colour = [255, 255, 255, 1];
      for (const layer of layers.reverse()) colour = over(layer, colour);
      return colour;
    };
    const luminance = (c) => {
      const [r, g, b] = c.slice(0, 3).map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a, b) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
      return (hi + 0.05) / (lo + 0.05);
    };
    const name = (el) => el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
    const failures = [];
    const seen = new Set();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent.trim();
      const el = node.parentElement;
      if (!text || !el || seen.has(el)) continue;
      seen.add(el);
      if (el.closest('[disabled], [aria-disabled="true"], option, script, style')) continue;
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (rect.width <= 1 || rect.height <= 1 || style.visibility !== 'visible' || style.display === 'none') continue;
      const bg = background(el);
      const fg = over(parse(style.color), bg);
      const size = parseFloat(style.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(style.fontWeight) >= 700);
      const required = large ? 3 : 4.5;
      const r = ratio(fg, bg);
      if (r < required) {
        failures.push({ text: text.slice(0, 60), element: name(el), color: style.color, background: 'rgb(' + bg.slice(0, 3).map(Math.round).join(', ') + ')', ratio: Math.round(r * 100) / 100, required });
      }
    }
    return failures;
  })()`);
}
