// Development aid: screenshots of the boards on the development page, one per sample view, to
// look at. Usage: start `npx vite --port 5199` in web/, then
//   node scripts/screenshot-boards.mjs OUT_DIR [VIEW...] [--width=1400]
import { chromium } from "playwright-core";

const args = process.argv.slice(2);
const out = args.find((a) => !a.startsWith("--")) ?? "/tmp/boards-shots";
const views = args.filter((a) => !a.startsWith("--")).slice(1);
const width = Number(args.find((a) => a.startsWith("--width="))?.slice(8) ?? 1400);
const base = process.env.BOARDS_DEV_URL ?? "http://127.0.0.1:5199/boards-dev.html";

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
try {
  const page = await browser.newPage({ viewport: { width, height: 1000 } });
  page.on("console", (m) => m.type() === "error" && console.error(`console: ${m.text()}`));
  page.on("pageerror", (e) => console.error(`page error: ${e.message}`));
  for (const view of views) {
    await page.goto(`${base}?view=${view}`);
    await page.waitForSelector(".board [data-ref], .board-generic", { timeout: 15000 });
    await page.waitForTimeout(300);
    const refs = await page.$$eval("[data-ref]", (els) => els.length);
    const choosable = await page.$$eval(".choosable[data-ref]", (els) =>
      els.map((e) => e.getAttribute("data-ref")),
    );
    console.log(`${view}: ${refs} data-ref elements; choosable: ${choosable.join(" ")}`);
    await page.screenshot({ path: `${out}/${view}.png`, fullPage: true });
    // A click on the first thing to choose, then Enter on the last, must send their choices.
    if (choosable.length > 0) {
      await page.click(`[data-ref="${choosable[0]}"]`);
      console.log(`  click ${choosable[0]} -> ${await page.textContent("#chosen")}`);
      await page.focus(`[data-ref="${choosable.at(-1)}"]`);
      await page.keyboard.press("Enter");
      console.log(`  Enter on ${choosable.at(-1)} -> ${await page.textContent("#chosen")}`);
    }
  }
} finally {
  await browser.close();
}
