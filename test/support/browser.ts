import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium; `.ci/run` installs it when missing. */
const CHROMIUM = '/usr/bin/chromium';
/** Without the background-networking flags, Chromium's calls home are refused by a closed network, many at a time. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const installed = existsSync(CHROMIUM);

/** `describe` when Chromium is installed; otherwise a skipped suite whose name, and a warning, say why. */
export function describeInBrowser(name: string, body: () => void): void {
  if (installed) return describe(name, body);
  console.warn(`${name}: skipped, Chromium not installed (${CHROMIUM})`);
  describe.skip(`${name} (skipped: Chromium not installed)`, body);
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}
