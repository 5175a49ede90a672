// End-to-end test of the web page in headless Chromium (Debian's, through
// playwright-core). Run after web/build.sh:  cd web && npm ci && node test/e2e.mjs
// Env: JUNGLE_PRINT_BIN (default target/release/jungle-print), CHROMIUM
// (default /usr/bin/chromium), SCREENSHOTS=dir to write the page's pictures.
import { chromium } from "playwright-core";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import zlib from "node:zlib";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..");
const dist = path.join(root, "web", "dist");
const bin = path.resolve(process.env.JUNGLE_PRINT_BIN || path.join(root, "target", "release", "jungle-print"));
const out = path.join(here, "out");
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });

let passed = 0, failed = 0;
const results = [];
async function check(name, fn) {
  try {
    const note = await fn();
    passed++;
    results.push(`ok   ${name}${note ? ` (${note})` : ""}`);
  } catch (e) {
    failed++;
    results.push(`FAIL ${name}: ${e && e.stack ? e.stack.split("\n").slice(0, 3).join(" | ") : e}`);
  }
  console.log(results[results.length - 1]);
}
function assert(ok, message) { if (!ok) throw new Error(message); }
// Times are reported, never asserted: a machine busy with other work is
// slower, and speed budgets belong in benchmarks (web/test/perf.mjs,
// web/test/photos.mjs), not in a test that can fail for the load.
const overBudget = [];
const budget = (within, what) => { if (!within) { overBudget.push(what); console.log(`slow (reported, not a failure): ${what}`); } };

const port = 8700 + Math.floor(Math.random() * 200);
const server = spawn("python3", ["-m", "http.server", String(port), "--bind", "127.0.0.1", "-d", dist], { stdio: ["ignore", "ignore", "pipe"] });
// Every file the server was asked for (the page's, its workers' and the
// service worker's requests alike), from its log.
const served = new Set();
let serverLog = "";
server.stderr.setEncoding("utf8");
server.stderr.on("data", (chunk) => {
  serverLog += chunk;
  const lines = serverLog.split("\n");
  serverLog = lines.pop();
  for (const line of lines) {
    const m = line.match(/"GET ([^ ?]+)[^ ]* HTTP\/[\d.]+" 200/);
    if (m) served.add(decodeURIComponent(m[1]));
  }
});
/// What the files served so far weigh as a browser downloads them from a
/// server that compresses (gzip at level 9, as web/build.sh counts).
function servedBytes() {
  let total = 0;
  for (const p of served) {
    const file = path.join(dist, p.endsWith("/") ? `${p}index.html` : p);
    if (fs.existsSync(file) && fs.statSync(file).isFile()) total += zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
  }
  return total;
}
// The first visit's download, gzip-compressed: an English set's previews
// and the service worker's copy of the page. Issue 48 asked for 1.2 MB; it
// was 1,859,006 B with one core, 1,189,639 B with the first core (web/src
// and src/lite.rs). The budget is the issue's 1.2 MB: what was reached
// left only a few hundred bytes, which any change to the handout's code
// (in the first core) may take.
const FIRST_VISIT_BUDGET = 1200000;
const origin = `http://127.0.0.1:${port}`;
for (let i = 0; i < 100; i++) {
  try { if ((await fetch(origin + "/index.html")).ok) break; } catch (_) { /* not yet */ }
  await new Promise((r) => setTimeout(r, 100));
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const context = await browser.newContext({ acceptDownloads: true, viewport: { width: 1280, height: 900 } });
const page = await context.newPage();
const errors = [], foreign = [], fetched = [];
page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
page.on("pageerror", (e) => errors.push(String(e)));
context.on("request", (r) => {
  const u = r.url();
  fetched.push(u);
  if (!u.startsWith(origin) && !u.startsWith("blob:") && !u.startsWith("data:")) foreign.push(u);
});

const status = () => page.locator("#status").textContent();
async function settled() {
  // The status says how many pages were made once the previews are in.
  await page.waitForFunction(() => /\d/.test(document.querySelector("#status").textContent)
    && document.querySelectorAll("#pages img").length > 0, null, { timeout: 60000 });
  await page.waitForFunction(() => [...document.querySelectorAll("#pages img")].every((i) => i.complete));
}
async function choose(id, value) {
  await page.evaluate(() => { document.querySelector("#status").textContent = ""; });
  await page.selectOption(`#${id}`, value);
  await settled();
}
/// Downloads the page's PDF and runs the command line the page shows in a
/// folder of its own (`name` under the output folder); asserts both files are the same bytes.
async function pdfAsCommandLine(name) {
  const shown = (await page.locator("#command-line").textContent()).trim();
  const [pdf] = await Promise.all([page.waitForEvent("download"), page.click("#download-pdf")]);
  const dir = path.join(out, name);
  fs.mkdirSync(dir, { recursive: true });
  const pageFile = path.join(dir, "page.pdf");
  await pdf.saveAs(pageFile);
  const args = shown.split(" ").slice(1).map((a) => a.replace(/^'(.*)'$/, "$1"));
  const r = cli([...args, "-q"], dir);
  assert(r.status === 0, `${shown}: ${r.stderr}`);
  const a = fs.readFileSync(pageFile), b = fs.readFileSync(path.join(dir, args[args.indexOf("-o") + 1]));
  assert(a.equals(b), `page ${a.length} bytes, command line ${b.length} bytes`);
  return { shown, a };
}
const previewText = () => page.evaluate(async () => {
  const imgs = [...document.querySelectorAll("#pages img")];
  return (await Promise.all(imgs.map((i) => fetch(i.src).then((r) => r.text())))).join("\n");
});
function cli(args, cwd = out) {
  const r = spawnSync(bin, args, { cwd, encoding: "utf8", env: { ...process.env, SOURCE_DATE_EPOCH: "0" } });
  return r;
}

await check("the page loads with no console error and shows the 6 pages of the set", async () => {
  const t0 = Date.now();
  await page.goto(`${origin}/?lang=en`);
  await settled();
  // From the navigation's start, on the page's own clock.
  const ms = Math.round(await page.evaluate(() => performance.now()));
  const n = await page.locator("#pages img").count();
  assert(n === 6, `${n} pages`);
  assert(errors.length === 0, `console errors: ${errors.join("; ")}`);
  const fonts = fetched.filter((u) => u.includes("/fonts/"));
  assert(fonts.length === 0, `an English set fetched ${fonts.join(", ")}`);
  // The budget is 1 s (reported, not asserted); a machine busy with other
  // work may miss it once, so the page is loaded afresh up to twice more and
  // the best time counts.
  const times = [ms];
  while (Math.min(...times) > 1000 && times.length < 3) {
    await page.goto("about:blank");
    await page.goto(`${origin}/?lang=en`);
    await settled();
    times.push(Math.round(await page.evaluate(() => performance.now())));
  }
  const best = Math.min(...times);
  budget(best <= 1000, `the first English preview took ${times.join(", ")} ms after navigation (budget 1000)`);
  // The first visit's files, the service worker's copy included; the whole
  // core and the whole face wait until something asks for them.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await new Promise((r) => setTimeout(r, 500));
  const bytes = servedBytes();
  const late = [...served].filter((p) => p.startsWith("/pkg/") || p.startsWith("/fonts/"));
  assert(late.length === 0, `the first visit fetched ${late.join(", ")}`);
  assert(bytes <= FIRST_VISIT_BUDGET, `the first visit downloads ${bytes} bytes gzip-compressed, over the budget of ${FIRST_VISIT_BUDGET}: ${[...served].sort().join(" ")}`);
  return `first English preview ${best} ms after navigation (loads: ${times.join(", ")} ms; ${Date.now() - t0} ms for the test); first visit ${bytes} bytes gzip-compressed, ${served.size} files; ${await status()}`;
});

await check("every control has a label and the first control takes keyboard focus", async () => {
  const unlabelled = await page.evaluate(() => [...document.querySelectorAll("select, input")]
    .filter((e) => !e.labels || e.labels.length === 0).map((e) => e.id));
  assert(unlabelled.length === 0, `unlabelled: ${unlabelled}`);
  // The skip link first, then the first control.
  await page.keyboard.press("Tab");
  const skip = await page.evaluate(() => document.activeElement.className);
  assert(skip === "skip", `the first Tab focused .${skip}, not the skip link`);
  await page.keyboard.press("Tab");
  const focused = await page.evaluate(() => document.activeElement.id);
  assert(focused === "lang", `Tab focused ${focused}`);
  await page.keyboard.press("ArrowDown"); // keyboard changes the language
  await settled();
  await choose("lang", "en");
});

/// Presses Tab from the top of the page until the PDF download button has
/// the focus: the number of presses (a real key each, as a keyboard user).
async function tabsToDownload() {
  // Loaded afresh: nothing has the focus, the first Tab goes to the page's first stop.
  await page.goto(`${origin}/?lang=en`);
  await settled();
  for (let n = 1; n <= 300; n++) {
    await page.keyboard.press("Tab");
    if (await page.evaluate(() => document.activeElement.id === "download-pdf")) return n;
  }
  return Infinity;
}
/// The accessible names Chromium gives the previews (the accessibility tree,
/// as a screen reader reads it).
async function previewNames() {
  const cdp = await context.newCDPSession(page);
  const { nodes } = await cdp.send("Accessibility.getFullAXTree");
  await cdp.detach();
  return nodes.filter((n) => n.role && n.role.value === "image" && !n.ignored).map((n) => (n.name ? n.name.value : ""));
}

await check("by keyboard: the PDF download within 30 Tab stops (the theme maker folded), the skip link goes straight there, the fold kept", async () => {
  const folded = await tabsToDownload();
  assert(!(await page.evaluate(() => document.getElementById("maker").open)), "the theme maker is open on a first visit");
  assert(folded <= 30, `the PDF download is the ${folded}th Tab stop`);
  // The skip link: Tab, Enter, then one Tab to the button.
  await page.goto(`${origin}/?lang=en`);
  await settled();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  const after = await page.evaluate(() => document.activeElement.id);
  assert(after === "download-pdf", `after the skip link, Tab focused ${after}`);
  // Opened by keyboard, the maker's fields come before the download; the fold is kept.
  await page.focus("#maker > summary");
  await page.keyboard.press("Enter");
  assert(await page.evaluate(() => document.getElementById("maker").open), "Enter did not open the theme maker");
  await page.waitForFunction(() => localStorage.getItem("jungle-print-maker") === "open");
  const opened = await tabsToDownload();
  await page.goto(`${origin}/?lang=en`);
  await settled();
  assert(await page.evaluate(() => document.getElementById("maker").open), "the theme maker is folded again after a reload");
  return `PDF download: Tab stop ${folded} with the maker folded, ${opened} with it open; 2 stops by the skip link`;
});

await check("every preview is named for a screen reader: which page of how many, and what it shows", async () => {
  const names = await previewNames();
  const n = await page.locator("#pages img").count();
  assert(names.length === n && names.every((s) => s.trim() !== ""), `${n} previews, names ${JSON.stringify(names)}`);
  assert(names[0] === `Page 1 of ${n}: the cover` && names[1] === `Page 2 of ${n}: the board` && names[n - 1] === `Page ${n} of ${n}: the rules`,
    JSON.stringify(names));
  await choose("lang", "fr");
  const fr = await previewNames();
  assert(fr[2] === `Page 3 sur ${n}\u202f: les pions`, JSON.stringify(fr));
  await choose("lang", "en");
  return names.join(" | ");
});

await check("changing the language to traditional Chinese shows 象 and the page in Chinese", async () => {
  await choose("lang", "zh-Hant");
  const text = await previewText();
  assert(text.includes("象"), "no 象 in the previews");
  assert(fetched.some((u) => u.endsWith("/fonts/JungleKai-Regular.ttf")), "the whole Jungle Kai was not fetched");
  const h1 = await page.locator("h1").textContent();
  assert(h1.includes("鬥獸棋製作器"), `heading: ${h1}`);
});

await check("changing the language to French shows the French names", async () => {
  await choose("lang", "fr");
  const text = await previewText();
  assert(text.includes("Éléphant") && text.includes("Panthère"), "no French names");
  assert((await page.locator("label[for=lang]").textContent()).includes("Langue"), "labels not in French");
});

await check("changing the paper changes the preview's size", async () => {
  await choose("paper", "a4");
  const a4 = await page.locator("#pages img").first().getAttribute("width");
  await choose("paper", "a3");
  const a3 = await page.locator("#pages img").first().getAttribute("width");
  assert(Number(a3) > Number(a4) * 1.3, `A4 ${a4} px, A3 ${a3} px`);
  // A size of one's own, as the command line's --paper 300x400.
  assert(await page.locator("#paper-w").isHidden(), "the custom size shows for a named paper");
  await choose("paper", "custom");
  assert(await page.locator("#paper-w").isVisible(), "no width for a custom size");
  await page.fill("#paper-w", "320");
  await page.evaluate(() => { document.querySelector("#status").textContent = ""; });
  await page.dispatchEvent("#paper-w", "change");
  await settled();
  const custom = await page.locator("#pages img").first().getAttribute("width");
  const line = await page.locator("#command-line").textContent();
  assert(line.includes("--paper 320x400"), line);
  assert(Math.abs(Number(custom) - 320) <= 1, `320 mm wide paper previewed ${custom} px wide`);
  await choose("paper", "a3");
  return `A4 ${a4} px wide, A3 ${a3} px, 320 × 400 mm ${custom} px`;
});

await check("the URL keeps the choices and a link reproduces them", async () => {
  await choose("theme", "traditional");
  const url = page.url();
  assert(url.includes("paper=a3") && url.includes("theme=traditional") && url.includes("lang=fr"), url);
  const other = await context.newPage();
  await other.goto(url);
  await other.waitForFunction(() => document.querySelectorAll("#pages img").length > 0);
  const values = await other.evaluate(() => ["lang", "theme", "paper"].map((id) => document.getElementById(id).value));
  await other.close();
  assert(values.join() === "fr,traditional,a3", values.join());
});

let pdfMs = 0;
await check("Download PDF gives the same bytes as the command line (French, traditional, Letter)", async () => {
  await choose("paper", "letter");
  const [download] = await Promise.all([page.waitForEvent("download"), page.click("#download-pdf")]);
  const file = path.join(out, "page.pdf");
  await download.saveAs(file);
  const r = cli(["set", "--lang", "fr", "--theme", "traditional", "--paper", "letter", "-o", "cli.pdf", "-q"]);
  assert(r.status === 0, r.stderr);
  const a = fs.readFileSync(file), b = fs.readFileSync(path.join(out, "cli.pdf"));
  assert(a.length > 10000 && a.equals(b), `page ${a.length} bytes, CLI ${b.length} bytes, equal: ${a.equals(b)}`);
  pdfMs = Number((await status()).match(/(\d+) ms/)[1]);
  budget(pdfMs <= 1000, `${pdfMs} ms to make the set's PDF`);
  return `${a.length} bytes, identical; the whole set composed and written as PDF in ${pdfMs} ms`;
});

await check("SVG and PNG download a file per page (a zip), and the page says what they hold", async () => {
  const [svg] = await Promise.all([page.waitForEvent("download"), page.click("#download-svg")]);
  const svgZip = fs.readFileSync(await svg.path());
  assert(svgZip.subarray(0, 2).toString() === "PK" && svg.suggestedFilename() === "jungle-set-svg.zip", `not a zip of SVG pages: ${svg.suggestedFilename()}`);
  assert(svgZip.includes("jungle-set-2.svg"), "the zip has no jungle-set-2.svg");
  const [png] = await Promise.all([page.waitForEvent("download"), page.click("#download-png")]);
  const pngZip = fs.readFileSync(await png.path());
  assert(pngZip.includes("jungle-set.png") && pngZip.includes(Buffer.from([0x89, 0x50, 0x4e, 0x47])), "the zip holds no PNG page");
  const summary = await page.locator("#summary").textContent();
  assert(/jungle-set\.png … jungle-set-\d+\.png \(\d+ pages: cover 1, board/.test(summary) && /to print: \d+ sheets of card/.test(summary), `summary: ${summary}`);
  return `${svg.suggestedFilename()} ${svgZip.length} bytes, ${png.suggestedFilename()} ${pngZip.length} bytes; ${summary}`;
});

await check("a split set downloads as a zip of the command line's files", async () => {
  await page.evaluate(() => { document.querySelector("#status").textContent = ""; });
  await page.check("#split");
  await settled();
  const shown = (await page.locator("#command-line").textContent()).trim();
  assert(shown.includes("--split"), shown);
  const [zip] = await Promise.all([page.waitForEvent("download"), page.click("#download-pdf")]);
  const bytes = fs.readFileSync(await zip.path());
  const dir = path.join(out, "split");
  fs.mkdirSync(dir, { recursive: true });
  const args = shown.split(" ").slice(1).map((a) => a.replace(/^'(.*)'$/, "$1"));
  const r = cli([...args, "-q"], dir);
  assert(r.status === 0, r.stderr);
  for (const piece of ["board", "counters", "box", "rules"]) {
    const file = fs.readFileSync(path.join(dir, `jungle-set-${piece}.pdf`));
    assert(bytes.includes(file), `the zip's jungle-set-${piece}.pdf is not the command line's`);
  }
  const summary = await page.locator("#summary").textContent();
  assert(/the set in 4 files/.test(summary), summary);
  await page.evaluate(() => { document.querySelector("#status").textContent = ""; });
  await page.uncheck("#split");
  await settled();
  return `${zip.suggestedFilename()}, ${bytes.length} bytes, the four files identical`;
});

await check("a broken theme shows the command line's message beside the theme control", async () => {
  const broken = 'extends = "classic"\n[board]\nland = "#zzz"\n';
  fs.writeFileSync(path.join(out, "broken.toml"), broken);
  await page.setInputFiles("#theme-file", { name: "broken.toml", mimeType: "text/plain", buffer: Buffer.from(broken) });
  await page.waitForSelector("#theme-file-error:not([hidden])");
  const shown = (await page.locator("#theme-file-error").textContent()).trim();
  const r = cli(["set", "--theme", "broken.toml", "-o", "x.pdf"]);
  assert(r.status === 2, `CLI exit ${r.status}`);
  // The page's words first (the page is in French here), then the command line's own message.
  const [lead, message] = shown.split("\n");
  assert(lead.includes("broken.toml") && lead.includes("ligne 3") && lead.includes("board.land"), lead);
  assert(message.includes("land") && r.stderr.includes(message), `CLI: ${r.stderr}\npage: ${shown}`);
  return shown.split("\n").slice(0, 2).join(" / ");
});

await check("a file that is not UTF-8 is refused with a message, and forgetting it restores the set", async () => {
  await page.setInputFiles("#lang-file", { name: "latin1.toml", mimeType: "text/plain", buffer: Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x3d, 0xe9]) });
  await page.waitForSelector("#error:not([hidden]), #lang-file-error:not([hidden])");
  await page.click("#clear-files");
  await settled();
  assert(await page.locator("#theme-file-error").isHidden(), "the theme error stays");
});

await check("a panic in the core becomes a shown error and the page keeps working", async () => {
  const e = await page.evaluate(() => window.junglePanicTest());
  assert(e && e.crashed, "no crash reported");
  const shown = await page.locator("#error").textContent();
  assert(shown.includes("deliberate panic"), shown);
  await choose("paper", "a4");
  assert((await page.locator("#pages img").count()) === 6, "no pages after the panic");
});

await check("nothing is fetched from another origin and no console error", async () => {
  assert(foreign.length === 0, foreign.join(", "));
  const unexpected = errors.filter((e) => !/deliberate panic|RuntimeError|unreachable/.test(e));
  assert(unexpected.length === 0, unexpected.join("; "));
});


/// A PNG of w × h pixels, striped red and yellow, made here (no library).
function stripedPng(w, h) {
  const crcTable = Array.from({ length: 256 }, (_, n) => { let c = n; for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1; return c >>> 0; });
  const crc = (b) => { let c = 0xffffffff; for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8); return (c ^ 0xffffffff) >>> 0; };
  const chunk = (type, data) => {
    const len = Buffer.alloc(4); len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4); c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13); ihdr.writeUInt32BE(w, 0); ihdr.writeUInt32BE(h, 4); ihdr[8] = 8; ihdr[9] = 2;
  const rows = [];
  for (let y = 0; y < h; y++) {
    const row = Buffer.alloc(1 + w * 3);
    for (let x = 0; x < w; x++) { const red = ((x >> 4) & 1) === 0; row.set(red ? [220, 30, 30] : [250, 210, 40], 1 + x * 3); }
    rows.push(row);
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(Buffer.concat(rows))), chunk("IEND", Buffer.alloc(0))]);
}
async function setKey(id, v) {
  await page.evaluate(() => { document.querySelector("#status").textContent = ""; });
  await page.fill(`#${id}`, v);
  await page.dispatchEvent(`#${id}`, "change");
  await settled();
}

await check("the tactile edition from the page: a set for swell paper made and downloaded as the command line makes it, the rules in braille", async () => {
  await choose("lang", "en");
  await choose("paper", "a4");
  try {
    return await tactile();
  } finally {
    if ((await page.locator("#command").inputValue()) !== "set") await choose("command", "set");
    if ((await page.locator("#purpose").inputValue()) !== "home") await choose("purpose", "home");
  }
});
/// The tactile edition's check, from a set in English on A4.
async function tactile() {
  await choose("command", "set");
  await choose("purpose", "tactile");
  assert(await page.locator("#bleed").isHidden() && await page.locator("#cover").isHidden(), "print options shown for swell paper");
  const n = await page.locator("#pages img").count();
  const names = await previewNames();
  assert(n === 7 && names[0] === "Page 1 of 7: the key to the textures" && names[1] === "Page 2 of 7: the board", `${n} pages: ${names.join(" | ")}`);
  await page.evaluate(() => { document.getElementById("ready").textContent = ""; });
  const { shown, a } = await pdfAsCommandLine("tactile");
  assert(shown.includes("--for tactile"), shown);
  const ready = await page.locator("#ready").textContent();
  assert(/^jungle-set\.pdf is ready \(\d+ KB, made in \d+ ms\)/.test(ready), `the live region says: ${ready}`);
  assert((await page.getAttribute("#ready", "role")) === "status", "the ready line is no live region");
  // The counters in 3-D: the command line's 3MF, byte for byte.
  assert(await page.locator("#download-3mf").isHidden(), "a 3-D download shown for a set");
  await choose("command", "counters");
  assert((await page.locator("#purpose").inputValue()) === "tactile", "the counters lost the tactile choice");
  assert(await page.locator("#download-3mf").isVisible(), "no 3-D download for tactile counters");
  const [model] = await Promise.all([page.waitForEvent("download"), page.click("#download-3mf")]);
  const pageModel = path.join(out, "tactile", "page.3mf");
  await model.saveAs(pageModel);
  const margs = (await page.locator("#command-line").textContent()).trim().split(" ").slice(1).map((a) => a.replace(/^'(.*)'$/, "$1"));
  margs.splice(margs.indexOf("-o"), 2);
  const m = cli([...margs, "--format", "3mf", "-o", "cli.3mf", "-q"], path.join(out, "tactile"));
  assert(m.status === 0, m.stderr);
  const m1 = fs.readFileSync(pageModel), m2 = fs.readFileSync(path.join(out, "tactile", "cli.3mf"));
  assert(m1.equals(m2) && m1.length > 100000, `3MF: page ${m1.length} bytes, command line ${m2.length} bytes`);
  assert(/^counters\.3mf is ready/.test(await page.locator("#ready").textContent()), "the 3MF is not said to be ready");
  // The rules: the swell-paper choice gives way to the braille file.
  await choose("command", "rules");
  assert((await page.locator("#purpose").inputValue()) === "home", "the rules kept the tactile choice");
  assert(await page.locator("#download-brf").isVisible(), "no braille download for the rules");
  const [brf] = await Promise.all([page.waitForEvent("download"), page.click("#download-brf")]);
  const dir = path.join(out, "tactile");
  const pageFile = path.join(dir, "page.brf");
  await brf.saveAs(pageFile);
  // The command line the page shows (its theme names the sides' colours the rules speak of), as BRF.
  const args = (await page.locator("#command-line").textContent()).trim().split(" ").slice(1).map((a) => a.replace(/^'(.*)'$/, "$1"));
  args.splice(args.indexOf("-o"), 2);
  const r = cli([...args, "--format", "brf", "-o", "cli.brf", "-q"], dir);
  assert(r.status === 0, r.stderr);
  const b1 = fs.readFileSync(pageFile), b2 = fs.readFileSync(path.join(dir, "cli.brf"));
  assert(b1.equals(b2) && b1.length > 1000, `page ${b1.length} bytes, command line ${b2.length} bytes`);
  assert(/^rules\.brf is ready/.test(await page.locator("#ready").textContent()), "the BRF is not said to be ready");
  await choose("command", "set");
  assert(await page.locator("#download-brf").isHidden(), "the braille download shown for a set");
  return `${shown}: ${n} pages, ${a.length} bytes, identical; counters.3mf ${m1.length} bytes, identical; rules.brf ${b1.length} bytes, identical`;
}

await check("the theme panel: a colour typed in redraws the previews with it", async () => {
  await choose("theme", "classic");
  await choose("paper", "a4");
  await choose("lang", "en");
  const t0 = Date.now();
  await setKey("key-sides-south", "#00aa44");
  const ms = Date.now() - t0;
  const text = await previewText();
  assert(/#00aa44/i.test(text), "the new colour is not in the previews");
  const picker = await page.locator("#key-sides-south-picker").inputValue();
  assert(picker === "#00aa44", `picker shows ${picker}`);
  return `redrawn ${ms} ms after the change (6 pages)`;
});

// Polls the previews until one of them holds `needle` (at most 30 s). (Not
// page.waitForFunction: it takes the promise an async function returns for
// a truthy value, and so returned at once.)
async function previewsShow(needle) {
  for (const t0 = Date.now(); Date.now() - t0 < 30000; await page.waitForTimeout(250)) {
    const seen = await page.evaluate(async (needle) => {
      const imgs = [...document.querySelectorAll("#pages img")];
      if (!imgs.length || !imgs.every((i) => i.complete)) return false;
      const texts = await Promise.all(imgs.map((i) => fetch(i.src).then((r) => r.text())));
      return texts.some((t) => t.includes(needle));
    }, needle);
    if (seen) return true;
  }
  return false;
}

await check("the theme panel: a picture uploaded shows on the counters", async () => {
  await page.evaluate(() => { document.querySelector("#status").textContent = ""; });
  await page.selectOption("#key-counters-layout", "picture");
  await settled();
  await page.setInputFiles("#key-pictures-rat", { name: "my rat.png", mimeType: "image/png", buffer: stripedPng(400, 400) });
  await page.waitForFunction(() => /400 × 400/.test(document.querySelector("[data-key='pictures.rat'] .file-name").textContent));
  // The redraw after an upload may still be on its way when the file's name shows: wait for the
  // picture itself to reach the previews rather than for a status line an earlier redraw left.
  const seen = await previewsShow("data:image/png;base64");
  assert(seen, "no picture in the previews");
  await settled();
  await page.setInputFiles("#key-pictures-lion", { name: "tiny.png", mimeType: "image/png", buffer: stripedPng(16, 16) });
  await page.waitForSelector("#key-pictures-lion-warn:not([hidden])", { timeout: 20000 });
  const warn = await page.locator("#key-pictures-lion-warn").textContent();
  assert(/dpi/.test(warn), `the soft-print warning beside the lion's picture: ${warn}`);
  return warn.split("\n")[0].slice(0, 90);
});

await check("the theme panel takes a JPEG, a coloured SVG, a font, and a picture dropped on its row", async () => {
  const fixtures = path.join(root, "tests", "fixtures", "pictures");
  await page.setInputFiles("#key-pictures-tiger", path.join(fixtures, "baseline.jpg"));
  assert(await previewsShow("data:image/jpeg;base64"), "the JPEG is not on the counters");
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
    + '<circle cx="5" cy="5" r="4" fill="#123456"/><rect x="3" y="3" width="4" height="4" fill="#654321"/></svg>';
  await page.setInputFiles("#key-pictures-cat", { name: "cat.svg", mimeType: "image/svg+xml", buffer: Buffer.from(svg) });
  assert(await previewsShow("#654321"), "the SVG drawing's own colours are not drawn");
  await page.setInputFiles("#key-fonts-text", path.join(root, "fonts", "NotoSans-Bold.subset.ttf"));
  await page.waitForFunction(() => /NotoSans-Bold/.test(document.querySelector("[data-key='fonts.text'] .file-name").textContent));
  const dropped = await page.evaluateHandle((b64) => {
    const dt = new DataTransfer();
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    dt.items.add(new File([bytes], "dropped dog.png", { type: "image/png" }));
    return dt;
  }, stripedPng(300, 300).toString("base64"));
  await page.dispatchEvent("[data-key='pictures.dog']", "drop", { dataTransfer: dropped });
  await page.waitForFunction(() => /300 × 300/.test(document.querySelector("[data-key='pictures.dog'] .file-name").textContent));
  await settled();
  // No message beside these controls (a refused file or a failed set would show one).
  // (The JPEG is 16 × 8 pixels of flat colour: beside it, once, a warning
  // that it prints soft or that its automatic frame is the whole photo.)
  const notes = await page.evaluate(() => ["pictures-tiger", "pictures-cat", "fonts-text", "pictures-dog"]
    .map((k) => document.getElementById(`key-${k}-warn`)).filter((e) => e && !e.hidden).map((e) => e.textContent));
  assert(notes.length === 1 && /pictures\.tiger.*(prints soft|nearly the whole photo)/.test(notes[0]) && notes[0].split("\n").length === 1,
    `shown: ${notes.join(" | ")}`);
  assert((await page.locator("#pages img").count()) === 6, "the set is not drawn");
  return "JPEG, SVG, font and dropped PNG taken";
});

/// The framing view of picture key `key` (`pictures.rat`): its frame shown
/// (`x,y,w,h` fractions) and its zoom control's value.
const framing = (key) => page.evaluate((key) => {
  const id = `key-${key.replace(/\./g, "-")}`;
  const c = document.getElementById(`${id}-frame`), z = document.getElementById(`${id}-zoom`);
  return { frame: c && !c.closest(".framing").hidden ? c.dataset.frame : null, zoom: z ? Number(z.value) : null };
}, key);
let framed = null;
await check("framing a picture by hand: drag, the zoom control and a pinch change the frame, the preview and the theme's keys", async () => {
  // The rat is the 400 × 400 striped PNG given above (a drawing: its automatic frame is the whole picture).
  await page.waitForFunction(() => document.getElementById("key-pictures-rat-frame")?.dataset.frame === "0,0,1,1");
  const before = await previewText();
  await page.evaluate(() => { document.querySelector("#status").textContent = ""; });
  await page.evaluate(() => {
    const z = document.getElementById("key-pictures-rat-zoom");
    z.value = "2";
    z.dispatchEvent(new Event("input"));
    z.dispatchEvent(new Event("change"));
  });
  await settled();
  let f = await framing("pictures.rat");
  assert(f.frame === "0.25,0.25,0.5,0.5", `zoom 2 frames ${f.frame}`);
  const zoomed = await previewText();
  assert(zoomed !== before, "the preview did not change with the zoom");
  // Drag the picture 40 px to the right: the frame moves left by 40 / 160 of its width.
  await page.locator("#key-pictures-rat-frame").scrollIntoViewIfNeeded();
  const box = await page.locator("#key-pictures-rat-frame").boundingBox();
  const [cx, cy] = [box.x + box.width / 2, box.y + box.height / 2];
  await page.evaluate(() => { document.querySelector("#status").textContent = ""; });
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx + 40, cy, { steps: 5 });
  await page.mouse.up();
  await settled();
  f = await framing("pictures.rat");
  const x = Number(f.frame.split(",")[0]);
  assert(Math.abs(x - 0.125) < 0.01, `dragged 40 px right, the frame is ${f.frame}`);
  assert((await previewText()) !== zoomed, "the preview did not change with the drag");
  // Two fingers spreading from 40 to 80 px apart: twice the zoom.
  await page.evaluate(() => { document.querySelector("#status").textContent = ""; });
  await page.evaluate(([cx, cy]) => {
    const c = document.getElementById("key-pictures-rat-frame");
    const ev = (type, id, x) => c.dispatchEvent(new PointerEvent(type, { pointerId: id, clientX: x, clientY: cy, bubbles: true, isPrimary: id === 11, pointerType: "touch" }));
    ev("pointerdown", 11, cx - 20);
    ev("pointerdown", 12, cx + 20);
    for (let i = 1; i <= 4; i++) ev("pointermove", 12, cx + 20 + i * 10);
    ev("pointerup", 12, cx + 60);
    ev("pointerup", 11, cx - 20);
  }, [cx, cy]);
  await settled();
  f = await framing("pictures.rat");
  assert(Math.abs(f.zoom - 4) < 0.01, `pinched to zoom ${f.zoom}`);
  assert(f.frame.split(",")[2] === "0.25", `pinched, the frame is ${f.frame}`);
  framed = f;
  return `frame ${f.frame}, zoom ${f.zoom}`;
});

let zipFile = null;
await check("Save theme: the zip run through the command line shown gives the page's PDF byte for byte", async () => {
  const [zip] = await Promise.all([page.waitForEvent("download"), page.click("#theme-save")]);
  const dir = path.join(out, "saved");
  fs.mkdirSync(dir, { recursive: true });
  zipFile = path.join(dir, "my-theme.zip");
  await zip.saveAs(zipFile);
  const un = spawnSync("python3", ["-m", "zipfile", "-e", zipFile, dir], { encoding: "utf8" });
  assert(un.status === 0, un.stderr);
  assert(fs.existsSync(path.join(dir, "my-theme", "theme.toml")), "no my-theme/theme.toml");
  // The rat's framing, as the theme's table form.
  const toml = fs.readFileSync(path.join(dir, "my-theme", "theme.toml"), "utf8");
  const rat = toml.split("\n").find((l) => l.startsWith("rat = "));
  assert(rat && /file = "pictures\/rat-my-rat\.png"/.test(rat) && /crop = \[0\.0, 0\.0, 1\.0, 1\.0\]/.test(rat)
    && /zoom = 4\.0/.test(rat) && /focus = \[/.test(rat), `the rat's key: ${rat}`);
  const [pdf] = await Promise.all([page.waitForEvent("download"), page.click("#download-pdf")]);
  const pageFile = path.join(dir, "page.pdf");
  await pdf.saveAs(pageFile);
  const shown = (await page.locator("#command-line").textContent()).trim();
  const args = shown.split(" ").slice(1).map((a) => a.replace(/^'(.*)'$/, "$1"));
  assert(args.includes("--theme") && args.includes("my-theme/theme.toml"), shown);
  const r = cli([...args, "-q"], dir);
  assert(r.status === 0, `${shown}: ${r.stderr}`);
  const made = path.join(dir, args[args.indexOf("-o") + 1]);
  const a = fs.readFileSync(pageFile), b = fs.readFileSync(made);
  assert(a.equals(b), `page ${a.length} bytes, command line ${b.length} bytes`);
  return `${shown}: ${a.length} bytes, identical`;
});

await check("a reload finds the theme, its pictures and the choices again", async () => {
  // The page keeps its work in IndexedDB 300 ms after a change, and the write
  // itself is asynchronous: reload only once what it kept has stopped changing.
  for (let i = 0; ; i++) {
    const [a, b] = await page.evaluate(async () => {
      const store = await import("/store.js");
      const a = JSON.stringify(await store.load());
      await new Promise((r) => setTimeout(r, 800));
      return [a, JSON.stringify(await store.load())];
    });
    if (a === b && a !== "null") break;
    assert(i < 30, "the kept work never settled");
  }
  await page.goto(`${origin}/`);
  await settled();
  const south = await page.locator("#key-sides-south").inputValue();
  assert(south === "#00aa44", `south is ${south} after the reload`);
  const text = await previewText();
  assert(text.includes("data:image/png;base64"), "the picture is gone after the reload");
  await page.waitForFunction(() => document.getElementById("key-pictures-rat-frame")?.dataset.frame);
  const f = await framing("pictures.rat");
  assert(JSON.stringify(f) === JSON.stringify(framed), `the rat's framing after the reload: ${JSON.stringify(f)}, before ${JSON.stringify(framed)}`);
});

await check("the theme panel works from the keyboard alone", async () => {
  await page.focus("#key-board-river");
  await page.keyboard.press("Control+A");
  await page.keyboard.type("#223366");
  await page.evaluate(() => { document.querySelector("#status").textContent = ""; });
  await page.keyboard.press("Tab"); // leaving the field commits it
  await settled();
  assert(/#223366/i.test(await previewText()), "the river colour typed is not drawn");
  const focused = await page.evaluate(() => document.activeElement.id);
  await page.focus("#key-sides-north_style");
  await page.keyboard.press("ArrowDown");
  await settled();
  return `Tab went on to ${focused}`;
});

await check("after the first visit the page works offline", async () => {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await settled();
  await context.setOffline(true);
  try {
    await page.reload();
    await settled();
    assert((await page.locator("#pages img").count()) === 6, "no set offline");
  } finally {
    await context.setOffline(false);
  }
});

await check("Forget my files clears the kept work", async () => {
  await page.click("#clear-files");
  await settled();
  await page.goto(`${origin}/`);
  await settled();
  const south = await page.locator("#key-sides-south").inputValue();
  assert(south !== "#00aa44", "the theme survived Forget my files");
});

await check("a saved theme zip loads back into the page, pictures and all", async () => {
  assert(zipFile, "no zip was saved");
  await page.evaluate(() => { document.querySelector("#status").textContent = ""; });
  await page.setInputFiles("#theme-load", zipFile);
  await settled();
  const south = await page.locator("#key-sides-south").inputValue();
  assert(south === "#00aa44", `south is ${south} after loading the zip`);
  const seen = await previewsShow("data:image/png;base64");
  assert(seen, "the zip's picture is not on the counters");
  await page.waitForFunction(() => document.getElementById("key-pictures-rat-frame")?.dataset.frame);
  const f = await framing("pictures.rat");
  assert(JSON.stringify(f) === JSON.stringify(framed), `the rat's framing from the zip: ${JSON.stringify(f)}, saved ${JSON.stringify(framed)}`);
  // Back to the built-in theme for the checks that follow.
  await page.click("#clear-files");
  await settled();
});

await check("every product and its options: board tiled, counters for a laser, the box", async () => {
  await choose("command", "board");
  // An A3 board over A4 sheets (A4 sheets for an A4 board are refused: nothing to tile).
  await choose("paper", "a3");
  await choose("tile", "a4");
  assert(await page.locator("#card").isHidden(), "the box's card option shows for a board");
  assert((await page.locator("#command-line").textContent()).includes("--tile a4"), "command line");
  await choose("tile", "");
  await choose("paper", "a4");
  await choose("command", "counters");
  await choose("purpose", "laser");
  assert(await page.locator("#kerf").isVisible(), "no kerf for a laser");
  assert((await page.locator("#command-line").textContent()).includes("--for laser"), "command line");
  await choose("purpose", "home");
  await choose("command", "box");
  assert(await page.locator("#card").isVisible(), "no card thickness for the box");
  await choose("command", "set");
});

await check("puzzle sheets: count, difficulty and number shown only for puzzles, pages as the command line makes them", async () => {
  assert(await page.locator("#difficulty").isHidden(), "the puzzles' difficulty shows for a set");
  await choose("command", "puzzles");
  assert(await page.locator("#difficulty").isVisible() && await page.locator("#seed").isVisible(), "no puzzle options");
  assert(await page.locator("#copies").isHidden(), "copies offered for puzzles");
  await choose("difficulty", "hard");
  await page.fill("#count", "24");
  await page.fill("#seed", "7");
  await page.evaluate(() => { document.querySelector("#status").textContent = ""; });
  await page.dispatchEvent("#seed", "change");
  await settled();
  // Four pages of six puzzles, then the solutions on sheets of their own.
  const n = await page.locator("#pages img").count();
  assert(n === 8, `${n} pages for 24 puzzles`);
  const { shown, a } = await pdfAsCommandLine("puzzles");
  assert(shown.includes("puzzles") && shown.includes("--difficulty hard") && shown.includes("--seed 7") && shown.includes("--count 24"), shown);
  await choose("command", "set");
  return `${shown}: ${n} pages, ${a.length} bytes, identical`;
});

await check("an option the page has no control of its own for gets one from the library's table (the margin)", async () => {
  assert(await page.locator("#margin").isVisible(), "no margin control for the set");
  const label = (await page.locator('label[for="margin"]').textContent()).trim();
  const help = (await page.locator("#margin-help").textContent()).trim();
  assert(label && /0 to 50 mm/.test(help), `label "${label}", help "${help}"`);
  assert((await page.locator("#margin").getAttribute("max")) === "50", "the control's range is not the table's");
  await page.fill("#margin", "20");
  await page.evaluate(() => { document.querySelector("#status").textContent = ""; });
  await page.dispatchEvent("#margin", "change");
  await settled();
  const { shown, a } = await pdfAsCommandLine("margin");
  assert(shown.includes("--margin 20"), shown);
  await page.fill("#margin", "");
  await page.evaluate(() => { document.querySelector("#status").textContent = ""; });
  await page.dispatchEvent("#margin", "change");
  await settled();
  assert(!(await page.locator("#command-line").textContent()).includes("--margin"), "the margin stays in the command line");
  return `"${label}": ${shown}, ${a.length} bytes, identical`;
});

await check("a print shop's PDF/X from the page: bleed offered, the colour profile fetched, the command line's bytes", async () => {
  await choose("command", "set");
  await choose("purpose", "print-shop");
  assert(await page.locator("#bleed").isVisible(), "no bleed for a print shop");
  assert(await page.locator("#download-svg").isHidden(), "an SVG download offered to a print shop");
  await page.fill("#bleed", "3");
  await page.evaluate(() => { document.querySelector("#status").textContent = ""; });
  await page.dispatchEvent("#bleed", "change");
  await settled();
  const { shown, a } = await pdfAsCommandLine("print-shop");
  assert(shown.includes("--for print-shop") && shown.includes("--bleed 3"), shown);
  assert(fetched.some((u) => u.endsWith("/profiles/coated-fogra39.icc")), "the profile was not fetched");
  await page.fill("#bleed", "");
  await choose("purpose", "home");
  return `${shown}: ${a.length} bytes, identical`;
});

/// A phone-like photo made in the page (a sheet of paper with a crayon
/// drawing on a wooden table, a little noise), `w` × `h` pixels, as JPEG bytes.
const photo = (w, h, seed) => page.evaluate(async ([w, h, seed]) => {
  const c = new OffscreenCanvas(w, h), g = c.getContext("2d");
  g.fillStyle = "#7a5232"; g.fillRect(0, 0, w, h);
  g.fillStyle = "#f2efe6"; g.fillRect(w * 0.22, h * 0.18, w * 0.56, h * 0.64);
  let s = seed;
  const rnd = () => ((s = (s * 16807) % 2147483647) / 2147483647);
  g.lineWidth = w / 200;
  for (let i = 0; i < 30; i++) {
    g.strokeStyle = `hsl(${Math.floor(rnd() * 360)} 70% 45%)`;
    g.beginPath();
    g.moveTo(w * (0.35 + rnd() * 0.3), h * (0.3 + rnd() * 0.4));
    g.quadraticCurveTo(w * (0.35 + rnd() * 0.3), h * (0.3 + rnd() * 0.4), w * (0.35 + rnd() * 0.3), h * (0.3 + rnd() * 0.4));
    g.stroke();
  }
  const img = g.getImageData(0, 0, w, h);
  for (let i = 0; i < img.data.length; i += 4) { const n = (rnd() - 0.5) * 12; img.data[i] += n; img.data[i + 1] += n; img.data[i + 2] += n; }
  g.putImageData(img, 0, 0);
  const blob = await c.convertToBlob({ type: "image/jpeg", quality: 0.92 });
  const b = new Uint8Array(await blob.arrayBuffer());
  let bin = "";
  for (let i = 0; i < b.length; i += 0x8000) bin += String.fromCharCode(...b.subarray(i, i + 0x8000));
  return btoa(bin);
}, [w, h, seed]).then((b64) => Buffer.from(b64, "base64"));

await check("a print shop's set with two 12-megapixel photos redraws a change in at most 3 s and downloads in at most 10 s", async () => {
  // The budgets on this 2-core machine are 1 s and 5 s (measured quiet: see the README); the test
  // allows three and two times as much, as other work may load the machine while it runs.
  await page.evaluate(() => { document.querySelector("#status").textContent = ""; });
  await page.selectOption("#key-counters-layout", "picture");
  await settled();
  for (const [key, seed] of [["elephant", 7], ["wolf", 11]]) {
    await page.setInputFiles(`#key-pictures-${key}`, { name: `${key}.jpg`, mimeType: "image/jpeg", buffer: await photo(4000, 3000, seed) });
    // Scaled by the browser before the core sees it: 1024 px on its long side for a counter of 30 mm or less.
    await page.waitForFunction((key) => /4000 × 3000 → 1024 × 768 px/.test(document.querySelector(`[data-key='pictures.${key}'] .file-name`).textContent), key);
    assert(await previewsShow("data:image/jpeg;base64"), `the ${key}'s photo is not in the previews`);
  }
  // What the page keeps (and saves, and hands the core) is that copy, a JPEG upright.
  const kept = await page.evaluate(async () => {
    const store = await import("/store.js");
    let files = [];
    for (let i = 0; i < 40 && files.length < 2; i++, await new Promise((r) => setTimeout(r, 250))) files = await store.loadFiles();
    return Promise.all(files.map(async ([p, b]) => {
      const i = await createImageBitmap(new Blob([b]));
      return `${p} ${b[0] === 0xff && b[1] === 0xd8 ? "JPEG" : "?"} ${i.width} × ${i.height} ${b.length} B`;
    }));
  });
  assert(kept.length === 2 && kept.every((k) => / JPEG 1024 × 768 /.test(k)), `kept: ${kept.join("; ")}`);
  await choose("purpose", "print-shop");
  const times = [];
  for (const colour of ["#3366aa", "#225599", "#3366aa"]) {
    await settled();
    const t0 = Date.now();
    await setKey("key-board-river", colour);
    const said = (await status()).match(/(\d+) ms/);
    times.push([Date.now() - t0, said ? Number(said[1]) : NaN]);
  }
  const best = Math.min(...times.map(([ms]) => ms));
  budget(best <= 3000, `a print shop's redraw took ${times.map(([ms]) => ms).join(", ")} ms (budget 3000)`);
  const t0 = Date.now();
  const [pdf] = await Promise.all([page.waitForEvent("download"), page.click("#download-pdf")]);
  await pdf.path();
  const download = Date.now() - t0;
  budget(download <= 10000, `the print shop's PDF took ${download} ms (budget 10000)`);
  await choose("purpose", "home");
  await page.click("#clear-files");
  await settled();
  return `kept ${kept.join("; ")}; redraws ${times.map(([ms, core]) => `${ms} ms (core ${core} ms)`).join(", ")}; PDF download ${download} ms`;
});

await check("every number control of the page takes its range from the library's options table", async () => {
  const core = await import(path.join(root, "web", "dist", "pkg", "jungle_print_web.js"));
  core.initSync({ module: fs.readFileSync(path.join(root, "web", "dist", "pkg", "jungle_print_web_bg.wasm")) });
  const table = core.option_table().map((t) => {
    const o = { name: t.name, kind: t.kind, min: t.min, max: t.max };
    t.free();
    return o;
  });
  const shown = await page.evaluate((names) => names.map((n) => {
    const e = document.getElementById(n);
    return e && e.type === "number" ? [n, e.min, e.max] : null;
  }).filter(Boolean), table.map((t) => t.name));
  const wrong = shown.filter(([n, min, max]) => {
    const t = table.find((o) => o.name === n);
    if (t.kind !== "number" && t.kind !== "count") return false;
    return Number(min) !== t.min || (t.max > t.min && Number(max) !== t.max);
  });
  assert(shown.length >= 5 && wrong.length === 0,
    `${shown.length} number controls (${shown.map(([n]) => n).join(", ")}); ranges not the table's: ${JSON.stringify(wrong)}`);
  return `${shown.length} number controls: ${shown.map(([n, min, max]) => `${n} ${min}–${max}`).join(", ")}`;
});

await check("every control that stands for an option of the table shows the table's help", async () => {
  const core = await import(path.join(root, "web", "dist", "pkg", "jungle_print_web.js"));
  core.initSync({ module: fs.readFileSync(path.join(root, "web", "dist", "pkg", "jungle_print_web_bg.wasm")) });
  const own = { for: "purpose", ruleset: "rules", "no-cover": "cover", "no-box": "boxed" };
  const table = core.option_table().map((t) => {
    const o = { name: t.name, id: own[t.name] || t.name, help: t.help, output: t.output };
    t.free();
    return o;
  }).filter((t) => !t.output);
  const seen = await page.evaluate((rows) => rows.map((t) => {
    const e = document.getElementById(t.id);
    if (!e || !e.matches("input, select")) return null;
    const ids = (e.getAttribute("aria-describedby") || "").split(" ");
    const help = ids.map((i) => document.getElementById(i)).find((h) => h && h.classList.contains("help"));
    return [t.id, help ? help.textContent : ""];
  }).filter(Boolean), table);
  const wrong = seen.filter(([id, text]) => !table.some((t) => t.id === id && t.help === text));
  const hand = ["lang", "theme", "rules", "paper", "purpose", "square", "bleed", "sides", "cover"];
  const missing = hand.filter((id) => !seen.some(([i]) => i === id));
  assert(wrong.length === 0 && missing.length === 0 && seen.length >= 25,
    `${seen.length} controls; help not the table's: ${JSON.stringify(wrong.map(([i, t]) => [i, t.slice(0, 40)]))}; no control: ${missing}`);
  return `${seen.length} controls described by the table's help`;
});

await check("the page frames a phone photo of a drawing where the command line's check does", async () => {
  // A felt-pen cat on a tilted sheet on a wooden table, a thumb on one corner
  // (tests/fixtures/pictures/photo.py): the automatic frame the page shows in
  // the cat's framing row is the one `check --pictures` prints.
  const file = path.join(root, "tests", "fixtures", "pictures", "sheet-on-table.jpg");
  const dir = fs.mkdtempSync(path.join(out, "framing-"));
  for (const a of ["rat", "cat", "dog", "wolf", "leopard", "tiger", "lion", "elephant"]) {
    fs.copyFileSync(file, path.join(dir, `${a}.jpg`));
  }
  const r = cli(["check", "--pictures", dir]);
  const m = `${r.stdout}${r.stderr}`.match(/pictures\.cat = \{ file = "[^"]*", crop = \[([^\]]+)\] \}/);
  assert(m, `check printed no frame for the cat: ${r.stdout}${r.stderr}`);
  const want = m[1].split(",").map(Number);
  await page.setInputFiles("#key-pictures-cat", file);
  await page.waitForFunction(() => {
    const f = document.getElementById("key-pictures-cat-frame")?.dataset.frame;
    return f && f !== "0,0,1,1";
  }, null, { timeout: 20000 });
  const shown = await page.evaluate(() => document.getElementById("key-pictures-cat-frame").dataset.frame);
  const got = shown.split(",").map(Number);
  assert(got.length === 4 && got.every((v, i) => Math.abs(v - want[i]) <= 0.0015),
    `the page frames ${shown}, the command line ${want.join(", ")}`);
  await page.click("#clear-files");
  await settled();
  return `frame ${got.map((v) => v.toFixed(3)).join(", ")} in both`;
});

await check("a refused value shows beside its field in the page's language, and the pages are marked out of date until it is fixed", async () => {
  await choose("lang", "zh-Hant");
  await page.fill("#copies", "30");
  await page.evaluate(() => { document.querySelector("#status").textContent = ""; });
  await page.dispatchEvent("#copies", "change");
  await page.waitForSelector("#copies-error:not([hidden])");
  const shown = await page.locator("#copies-error").textContent();
  assert(/超出範圍/.test(shown) && shown.includes("30") && shown.includes("16") && shown.startsWith("份數"), `beside the copies: ${shown}`);
  // Right after its field, not under the form.
  const beside = await page.evaluate(() => document.getElementById("copies").closest(".opt").nextElementSibling.id);
  assert(beside === "copies-error", `the message follows ${beside}`);
  assert(await page.locator("#error").isHidden(), "the message also shows under the form");
  assert((await page.getAttribute("#copies", "aria-invalid")) === "true", "the field is not marked invalid");
  assert(await page.locator("#stale").isVisible(), "the pages are not marked out of date");
  const faded = await page.evaluate(() => getComputedStyle(document.querySelector("#pages img")).opacity);
  assert(Number(faded) < 0.5, `the old pages are shown at opacity ${faded}`);
  await page.fill("#copies", "");
  await page.evaluate(() => { document.querySelector("#status").textContent = ""; });
  await page.dispatchEvent("#copies", "change");
  await settled();
  assert(await page.locator("#copies-error").isHidden(), "the message stays once the value is fixed");
  assert(await page.locator("#stale").isHidden(), "the pages stay marked out of date once the value is fixed");
  // In French too, with a board square too small.
  await choose("lang", "fr");
  await page.fill("#square", "3");
  await page.dispatchEvent("#square", "change");
  await page.waitForFunction(() => /trop petit/.test(document.getElementById("square-error")?.textContent || ""));
  const fr = await page.locator("#square-error").textContent();
  assert(fr.includes("3 mm") && !/too small/.test(fr), `beside the square: ${fr}`);
  assert(await page.locator("#stale").isVisible(), "the pages are not marked out of date");
  await page.fill("#square", "");
  await page.evaluate(() => { document.querySelector("#status").textContent = ""; });
  await page.dispatchEvent("#square", "change");
  await settled();
  await choose("lang", "en");
  return `${shown} / ${fr}`;
});

await check("the theme panel speaks the page's language: labels, descriptions and choice names in French", async () => {
  await choose("lang", "fr");
  const label = (await page.locator("label[for=key-board-river]").textContent()).trim();
  assert(label === "Cases de la rivière", `board.river is labelled "${label}"`);
  const doc = await page.locator("#key-board-river-doc").textContent();
  assert(doc.includes("eau"), `board.river's description: ${doc}`);
  const options = await page.locator("#key-sides-south_style option").evaluateAll((os) => os.map((o) => [o.value, o.textContent]));
  assert(JSON.stringify(options) === JSON.stringify([["filled", "Plein"], ["ringed", "Cerclé"], ["banded", "Bandé"]]), JSON.stringify(options));
  const legend = await page.locator("fieldset.keys[data-section=board] legend").textContent();
  assert(legend === "Plateau", `legend ${legend}`);
  await choose("lang", "en");
  const back = (await page.locator("label[for=key-board-river]").textContent()).trim();
  assert(back === "River squares", `back in English: "${back}"`);
  const filled = await page.locator("#key-sides-south_style option[value=filled]").textContent();
  assert(filled === "Filled", `back in English: ${filled}`);
  return `${label} / ${options.map(([, t]) => t).join(", ")}`;
});

await check("screenshots at desktop and phone widths", async () => {
  const dir = process.env.SCREENSHOTS || out;
  fs.mkdirSync(dir, { recursive: true });
  await choose("lang", "en");
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(dir, "web.png") });
  await page.evaluate(() => document.getElementById("maker").scrollIntoView());
  await page.screenshot({ path: path.join(dir, "web-theme-maker.png") });
  await page.evaluate(() => window.scrollTo(0, 0));
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  const p = await phone.newPage();
  await p.goto(`${origin}/?lang=fr&theme=traditional&paper=letter`);
  await p.waitForFunction(() => [...document.querySelectorAll("#pages img")].length === 6);
  const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await p.screenshot({ path: path.join(dir, "web-phone.png"), fullPage: false });
  await p.evaluate(() => document.getElementById("maker").scrollIntoView());
  await p.screenshot({ path: path.join(dir, "web-theme-maker-phone.png"), fullPage: false });
  await phone.close();
  assert(overflow <= 0, `the page is ${overflow} px wider than a phone`);
  return dir;
});

await browser.close();
server.kill();
console.log(`${passed} passed, ${failed} failed`);
if (overBudget.length) console.log(`over their time budgets (reported only): ${overBudget.length}`);
process.exit(failed ? 1 : 0);
