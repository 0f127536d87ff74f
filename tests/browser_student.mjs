// Open a student notebook in JupyterLab (headless Chromium) WITHOUT running it, as a student
// first sees it, and report as one JSON line on stdout:
//   {"exercise": {"text": ..., "raw": [MyST fragments seen]}, "selfcheck": {...}, "seconds": s}
// It scrolls to the first exercise and screenshots it at 1300 px (the cell, PREFIX-exercise.png,
// and Lab around it, PREFIX-exercise-lab.png) and at 400 px (PREFIX-exercise-phone.png), then answers the saved self-check wrong and right (the
// notebook is trusted by the caller, so its saved script runs without a kernel).
// Usage: node tests/browser_student.mjs BASE_URL NOTEBOOK_PATH SCREENSHOT_PREFIX
import { dismissNews, giveUpAfter, launchChromium, openNotebook } from "./browser_common.mjs";

const [base, notebook, shot] = process.argv.slice(2);
const started = Date.now();
giveUpAfter(110);
const browser = await launchChromium();
const RAW = /\{(exercise|solution|cite|ref|doc|py:\w+)\}|:label:|:class: dropdown|^\([\w-]+\)=$/m;

async function showCell(page, predicate) {
  // Scroll the notebook to the first cell whose source matches, and return its index.
  return await page.evaluate(async (source) => {
    const test = new Function("text", `return (${source})(text);`);
    const panel = window.jupyterapp.shell.currentWidget;
    const nb = panel.content;
    const index = nb.widgets.findIndex((cell) => test(cell.model.sharedModel.getSource()));
    if (index < 0) return -1;
    nb.activeCellIndex = index;
    await nb.scrollToItem(index, "start");
    return index;
  }, predicate.toString());
}

try {
  const page = await browser.newPage({ viewport: { width: 1300, height: 1000 } });
  await openNotebook(page, base, notebook);
  await dismissNews(page);
  const report = {};
  const index = await showCell(page, (text) => /^\*\*Exercise /m.test(text));
  await page.waitForTimeout(800);
  const indexed = page.locator(`.jp-Notebook .jp-Cell[data-windowed-list-index="${index}"]`);
  const cell = (await indexed.count())
    ? indexed.first()
    : page.locator(".jp-Notebook .jp-MarkdownCell").filter({ hasText: /Exercise \d+\.\d+/ }).first();
  const text = (await cell.innerText()).trim();
  report.exercise = { index, text: text.slice(0, 200), raw: (text.match(RAW) || []).slice(0, 1) };
  await cell.screenshot({ path: `${shot}-exercise.png` });
  await page.screenshot({ path: `${shot}-exercise-lab.png` });
  // The whole rendered notebook, cell by cell as Lab draws them: no raw MyST anywhere in view.
  report.rawAnywhere = await page.evaluate((pattern) => {
    const re = new RegExp(pattern, "m");
    return [...document.querySelectorAll(".jp-MarkdownOutput")]
      .map((el) => el.innerText)
      .filter((t) => re.test(t))
      .map((t) => t.slice(0, 80));
  }, RAW.source);
  // The saved self-check, answered without running anything.
  await showCell(page, (text) => text.includes("SelfCheck("));
  await page.waitForTimeout(800);
  const quiz = page.locator(".kt-selfcheck").first();
  await quiz.waitFor({ state: "visible", timeout: 60000 });
  report.selfcheck = { ready: (await quiz.getAttribute("data-ready")) === "1" };
  const q = quiz.locator(".kt-sc-q").first();
  await q.scrollIntoViewIfNeeded();
  const verdict = async () => ({
    feedback: (await q.locator(".kt-sc-feedback").textContent()).trim(),
    state: await q.evaluate((el) =>
      el.classList.contains("kt-sc-right") ? "right" : el.classList.contains("kt-sc-wrong") ? "wrong" : ""),
  });
  const kind = await q.getAttribute("data-kind");
  const answer = await q.getAttribute("data-answer");
  if (kind === "number") {
    await q.locator("input").fill(String(Number(answer) + 1000));
    await q.locator(".kt-sc-check").click();
    report.selfcheck.wrong = await verdict();
    await q.locator("input").fill(answer);
    await q.locator(".kt-sc-check").click();
  } else {
    await q.locator('input[type="radio"]').nth(answer === "0" ? 1 : 0).check();
    report.selfcheck.wrong = await verdict();
    await q.locator('input[type="radio"]').nth(Number(answer)).check();
  }
  report.selfcheck.right = await verdict();
  await quiz.screenshot({ path: `${shot}-selfcheck.png` });
  // A phone: the notebook alone (a student closes the file browser to read).
  await page.setViewportSize({ width: 400, height: 850 });
  await page.evaluate(() => {
    window.jupyterapp.shell.collapseLeft();
    window.jupyterapp.shell.collapseRight();
  });
  await page.waitForTimeout(1000);
  await showCell(page, (text) => /^\*\*Exercise /m.test(text));
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${shot}-exercise-phone.png` });
  report.phoneOverflow = await page.evaluate(() => {
    const nb = document.querySelector(".jp-Notebook");
    return nb ? nb.scrollWidth > nb.clientWidth + 1 : null;
  });
  report.seconds = (Date.now() - started) / 1000;
  console.log(JSON.stringify(report));
} finally {
  await browser.close();
}
