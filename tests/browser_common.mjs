// What the browser checks share: Debian's Chromium driven by playwright-core (from npm,
// scripts/fetch_playwright.sh; NODE_PATH points at it), a time limit, and opening a notebook in
// JupyterLab (the server runs with --LabApp.expose_app_in_browser=True, so Lab's commands are
// reachable as window.jupyterapp).
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { chromium } = require("playwright-core");

/** Never hang a test run: print an error line and exit after `seconds`. */
export function giveUpAfter(seconds) {
  setTimeout(() => {
    console.log(JSON.stringify({ error: `timeout after ${seconds} s` }));
    process.exit(3);
  }, seconds * 1000).unref();
}

export async function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
}

/** Open `notebook` in the Lab at `base`, accept the kernel, wait until Lab's app is reachable.
 * `?reset` starts from an empty workspace: Lab would otherwise reopen what an earlier check left
 * open (another notebook, its kernel, and its cells matching our selectors). */
export async function openNotebook(page, base, notebook) {
  await page.goto(`${base}/lab/tree/${notebook}?reset`);
  await page.waitForSelector(".jp-Notebook .jp-Cell", { timeout: 60000 });
  // Lab may ask which kernel to start: accept its choice (the notebook's python3).
  await page.click(".jp-Dialog .jp-mod-accept", { timeout: 10000 }).catch(() => {});
  await page.waitForFunction(() => window.jupyterapp !== undefined, null, { timeout: 60000 });
}

/** Dismiss Lab's "notified about news?" toast, if it shows. */
export async function dismissNews(page) {
  await page.getByRole("button", { name: "No", exact: true }).click({ timeout: 1000 })
    .catch(() => {});
}
