// Open a notebook in JupyterLab with headless Chromium, run all its cells, and report what the
// widget outputs look like, as one JSON line on stdout:
//   {"widgets": n, "fallback": n, "errors": n, "sliders": n, "charts": n, "busy": n, "seconds": s}
// widgets: rendered ipywidgets views; sliders: their sliders; charts: the SVG charts (class
// kt-chart) drawn inside widgets; fallback: outputs still showing the "Loading widget"
// text (no widget manager); errors: "Error displaying widget" or error outputs; busy: cells still
// running ([*]) when the time ran out.
// Usage: node tests/browser_lab.mjs BASE_URL NOTEBOOK_PATH SCREENSHOT.png
// playwright-core comes from npm (scripts/fetch_playwright.sh); NODE_PATH points at it.
import { dismissNews, giveUpAfter, launchChromium, openNotebook } from "./browser_common.mjs";

const [base, notebook, shot] = process.argv.slice(2);
const started = Date.now();
giveUpAfter(110);
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1300, height: 1000 } });
  await openNotebook(page, base, notebook);
  // Clear the saved outputs, then run everything; do not await the run command: its promise
  // settles only when every cell has run.
  await page.evaluate(() => window.jupyterapp.commands.execute("notebook:clear-all-cell-outputs"));
  await page.evaluate(() => {
    window.jupyterapp.commands.execute("notebook:run-all-cells");
    return true;
  });
  // Done when every code cell shows an execution number and none is queued or running.
  const deadline = Date.now() + 90000;
  let busy = 1;
  while (Date.now() < deadline) {
    await page.waitForTimeout(1000);
    busy = await page.evaluate(() => {
      const prompts = [...document.querySelectorAll(".jp-CodeCell .jp-InputArea-prompt")];
      return prompts.filter((p) => !/\[\d+\]/.test(p.textContent || "")).length;
    });
    if (busy === 0) break;
  }
  await page.waitForTimeout(2000);
  const report = await page.evaluate(() => {
    const outputs = [...document.querySelectorAll(".jp-OutputArea-output")];
    const text = (el) => el.textContent || "";
    return {
      widgets: document.querySelectorAll(".jp-OutputArea-output .jupyter-widgets").length,
      fallback: outputs.filter((el) => /Loading widget/.test(text(el))).length,
      errors: outputs.filter((el) => /Error displaying widget|Traceback/.test(text(el))).length,
      sliders: document.querySelectorAll(".jp-OutputArea-output .widget-slider").length,
      charts: document.querySelectorAll(".jp-OutputArea-output .jupyter-widgets .kt-chart").length,
    };
  });
  report.busy = busy;
  report.seconds = (Date.now() - started) / 1000;
  if (shot) {
    // Show the first widget, not the end of the notebook where run-all leaves the view, and
    // dismiss Lab's "notified about news?" toast.
    await dismissNews(page);
    await page.evaluate(() => {
      const first = document.querySelector(".jp-OutputArea-output .jupyter-widgets");
      if (first) first.scrollIntoView({ block: "start" });
    });
    await page.waitForTimeout(500);
    await page.screenshot({ path: shot });
  }
  console.log(JSON.stringify(report));
} finally {
  await browser.close();
}
