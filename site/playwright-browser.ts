import { existsSync } from 'node:fs';

// Playwright cannot download its own browsers here, so every run uses Debian's Chromium
// (decision 120). Its headless shell (package chromium-headless-shell) is Chromium without the
// browser's window system: the same Blink and V8 at about a quarter less CPU a
// journey on the 2-core machine. The full browser stands in where the shell is not installed.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL_BROWSER = '/usr/bin/chromium';

export const chromiumExecutable =
  process.env.PLAYWRIGHT_CHROMIUM ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER);

/** Launch options for every Playwright run of the site: quiet on a machine with no internet. */
export const chromiumLaunch = {
  executablePath: chromiumExecutable,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    // The display compositor on a thread of the browser process instead of a GPU process of its
    // own: no GPU here to isolate, and about a tenth less CPU a journey (decision 126).
    '--in-process-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
