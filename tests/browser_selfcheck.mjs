// Answer a page's first self-check wrong and then right in headless Chromium, with the network
// cut off, and report what the page said, as one JSON line on stdout:
//   {"quizzes": n, "questions": n, "number": {"wrong": ..., "right": ...},
//    "choice": {"wrong": ..., "right": ...}, "external": [urls the page tried to load]}
// Each verdict is {"feedback": text, "state": "right" | "wrong" | ""}.
// Usage: node tests/browser_selfcheck.mjs PAGE_URL SCREENSHOT_PREFIX
// Screenshots: PREFIX-desktop.png (1200 px wide) and PREFIX-phone.png (400 px wide).
import { giveUpAfter, launchChromium } from "./browser_common.mjs";

const [url, shot] = process.argv.slice(2);
giveUpAfter(60);
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  const external = [];
  await page.route("**/*", (route) => {
    const target = route.request().url();
    if (target.startsWith("file:") || target.startsWith("data:")) return route.continue();
    external.push(target);
    return route.abort();
  });
  await page.goto(url);
  await page.waitForSelector(".kt-selfcheck[data-ready]", { timeout: 20000 });
  const quiz = page.locator(".kt-selfcheck").first();
  const verdict = async (q) => ({
    feedback: (await q.locator(".kt-sc-feedback").textContent()).trim(),
    state: await q.evaluate((el) =>
      el.classList.contains("kt-sc-right") ? "right" : el.classList.contains("kt-sc-wrong") ? "wrong" : ""),
  });
  const report = {
    quizzes: await page.locator(".kt-selfcheck").count(),
    questions: await quiz.locator(".kt-sc-q").count(),
    noscriptNoteHidden: await quiz.locator(".kt-sc-nojs").isHidden(),
  };
  const number = quiz.locator('.kt-sc-q[data-kind="number"]').first();
  if (await number.count()) {
    const answer = Number(await number.getAttribute("data-answer"));
    await number.locator("input").fill(String(answer + 1000));
    await number.locator(".kt-sc-check").click();
    const wrong = await verdict(number);
    await number.locator("input").fill(String(answer).replace(".", ","));
    await number.locator("input").press("Enter");
    report.number = { wrong, right: await verdict(number) };
    report.number.answerShown = await number.locator("details").evaluate((d) => d.open);
  }
  const choice = quiz.locator('.kt-sc-q[data-kind="choice"]').first();
  if (await choice.count()) {
    const answer = await choice.getAttribute("data-answer");
    const options = choice.locator('input[type="radio"]');
    const wrongIndex = answer === "0" ? 1 : 0;
    await options.nth(wrongIndex).check();
    const wrong = await verdict(choice);
    await options.nth(Number(answer)).check();
    report.choice = { wrong, right: await verdict(choice) };
  }
  report.external = external;
  await quiz.scrollIntoViewIfNeeded();
  await quiz.screenshot({ path: `${shot}-desktop.png` });
  await page.setViewportSize({ width: 400, height: 900 });
  await page.waitForTimeout(300);
  await quiz.scrollIntoViewIfNeeded();
  report.phoneOverflow = await quiz.evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  await quiz.screenshot({ path: `${shot}-phone.png` });
  console.log(JSON.stringify(report));
} finally {
  await browser.close();
}
