// The wasm API without a browser (node): a theme folder put in the in-memory
// folder makes a PDF byte-identical to the command line's run on the same
// folder on disk, with the command line the core gives; the theme helpers
// round-trip. Run after web/build.sh:
//   JUNGLE_PRINT_BIN=target/release/jungle-print node test/api.mjs
import { readFileSync, mkdirSync, writeFileSync, mkdtempSync } from "node:fs";
import { execFileSync, spawnSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import * as core from "../dist/pkg/jungle_print_web.js";

// The page dates its PDFs at the epoch; the command line does so when
// SOURCE_DATE_EPOCH says (else it writes the time it runs).
const DATED = { ...process.env, SOURCE_DATE_EPOCH: "0" };

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
core.initSync({ module: readFileSync(join(here, "../dist/pkg/jungle_print_web_bg.wasm")) });
const bin = process.env.JUNGLE_PRINT_BIN || join(root, "target/release/jungle-print");
// As the page does before a download: the whole Jungle Kai, not the core.
core.load_kai(readFileSync(join(root, "fonts/JungleKai-Regular.ttf")));
let failed = 0;
const ok = (cond, what) => { console.log(`${cond ? "ok  " : "FAIL"} ${what}`); if (!cond) failed++; };
// As the page does with the whole face: the word lists and the braille.
const late = (f) => readFileSync(join(root, f));
ok(!core.load_words("en", late("lang/words/zh-Hant.tsv")), "load_words refuses a name it has no list of");
for (const n of ["zh-Hant", "zh-Hans"]) ok(core.load_words(n, late(`lang/words/${n}.tsv`)), `the ${n} word list is taken`);
ok(!core.load_braille("fr", late("lang/braille/en.toml")), "load_braille refuses another pack's file");
for (const c of ["en", "fr", "zh-Hant", "zh-Hans"]) ok(core.load_braille(c, late(`lang/braille/${c}.toml`)), `${c}'s braille is taken`);

const theme = core.write_theme("classic", ["board.river", "pictures.rat", "counters.layout", "fonts.text"],
  ['"#2266aa"', '"rat.png"', '"picture-and-character"', '"fonts/MyText.ttf"']);
const files = {
  "my-theme/theme.toml": new TextEncoder().encode(theme),
  "my-theme/rat.png": readFileSync(join(root, "tests/fixtures/pictures/interlaced.png")),
  "my-theme/fonts/MyText.ttf": readFileSync(join(root, "fonts/NotoSans-Regular.subset.ttf")),
};
const dir = mkdtempSync(join(tmpdir(), "jp-api-"));
for (const [p, b] of Object.entries(files)) {
  core.put_file(p, b);
  mkdirSync(dirname(join(dir, p)), { recursive: true });
  writeFileSync(join(dir, p), b);
}
ok(core.list_files().length === 3, "the in-memory folder lists the three files");
const info = core.picture_info("rat.png", files["my-theme/rat.png"]);
ok(info[0] === "png" && Number(info[1]) > 0, `picture_info reads the PNG (${info.join(" ")})`);

for (const [command, extra] of [["counters", { copies: 2, "crop-marks": true }], ["set", { sides: "duplex", flip: "short-edge" }], ["box", { card: 0.5 }]]) {
  const r = new core.Request();
  r.command = command;
  r.set("theme", "my-theme/theme.toml");
  for (const [k, v] of Object.entries(extra)) r.set(k, String(v));
  const doc = new core.Set(r);
  const pdf = doc.bytes(0);
  const argv = doc.command_line;
  execFileSync(bin, [...argv, "-q"], { cwd: dir, env: DATED });
  const cli = readFileSync(join(dir, argv[argv.indexOf("-o") + 1]));
  ok(Buffer.compare(Buffer.from(pdf), cli) === 0, `${argv.join(" ")}: same bytes as the page (${pdf.length})`);
  doc.free();
}

const back = core.read_theme(theme);
ok(back.includes("board.river") && back.includes('"#2266aa"'), "read_theme reads back what write_theme wrote");
ok(core.colour_hex("navy") === "#000080", "colour_hex converts a CSS name");
const values = core.theme_values("my-theme/theme.toml");
ok(values[values.indexOf("board.river") + 1] === '"#2266aa"', "theme_values applies extends and keeps the own keys");
const r = new core.Request();
r.theme_file = 'extends = "classic"\n[board]\ntext = "#f4f4f4"\n';
r.theme_file_name = "pale.toml";
const warnings = core.check_theme(r);
ok(warnings.includes("board.text"), "check_theme names board.text for pale labels");
try {
  const bad = new core.Request();
  bad.command = "counters";
  bad.set("back-offset", "20,0");
  new core.Set(bad);
  ok(false, "a back offset of 20 mm is refused");
} catch (e) {
  ok(e.control === "back-offset", `a back offset of 20 mm is refused on its control (${e.control}: ${e.message})`);
}
// A print shop's PDF/X: refused until the colour profile is handed over (the
// page fetches it then), and then the command line's bytes.
{
  const r = new core.Request();
  r.command = "set";
  r.set("for", "print-shop");
  r.set("bleed", "3");
  r.set("theme", "my-theme/theme.toml");
  let refused = "";
  try { new core.Set(r); } catch (e) { refused = String(e.message || e.error || e); }
  ok(/colour profile/.test(refused), `no PDF/X before the profile is loaded (${refused})`);
  ok(!core.load_output_profile(new Uint8Array(1000)), "a file that is not the FOGRA39 profile is refused");
  ok(core.load_output_profile(readFileSync(join(root, "profiles/coated-fogra39.icc"))), "the FOGRA39 profile is taken");
  const doc = new core.Set(r);
  const pdf = doc.bytes(0);
  const argv = doc.command_line;
  execFileSync(bin, [...argv, "-q"], { cwd: dir, env: DATED });
  const cli = readFileSync(join(dir, argv[argv.indexOf("-o") + 1]));
  ok(Buffer.compare(Buffer.from(pdf), cli) === 0, `${argv.join(" ")}: same bytes as the page (${pdf.length})`);
  ok(doc.lines.some((l) => /PDF\/X-4 for a print shop/.test(l)) && doc.lines.some((l) => l.startsWith("note:")) === false,
    `the page says what the file is for (${doc.lines.join(" | ")})`);
  ok(Buffer.from(pdf).includes("GTS_PDFX"), "the page's print-shop PDF has the PDF/X output intent");
  doc.free();
}
// The framing view's own frame (www/framing.js, computed while a picture is
// dragged) is the library's, for crops, zooms and focus points on and past the edges.
{
  const { frameBox } = await import("../www/framing.js");
  let worst = 0, cases = 0;
  for (const crop of [null, [0, 0, 1, 1], [0.1, 0.2, 0.5, 0.3], [0.6, 0.7, 0.4, 0.3]]) {
    for (const zoom of [0, 0.5, 1, 1.7, 4]) {
      for (const focus of [null, [0.5, 0.5], [0.02, 0.9], [1, 0]]) {
        const mine = frameBox(crop, zoom, focus);
        const lib = core.frame_fractions(new Float64Array(crop || []), zoom, new Float64Array(focus || []));
        worst = Math.max(worst, ...mine.map((v, i) => Math.abs(v - lib[i])));
        cases++;
      }
    }
  }
  ok(worst < 1e-12, `the page's frame is the library's in ${cases} cases (largest difference ${worst})`);
  const literal = core.picture_literal("pictures/rat.png", new Float64Array([0, 0.1, 0.9, 0.8]), 2, new Float64Array([0.4, 0.5]));
  const parts = core.picture_parts(literal);
  ok(parts[0] === "pictures/rat.png" && parts[2] === "0,0.1,0.9,0.8" && parts[3] === "2" && parts[4] === "0.4,0.5",
    `a framed picture's literal reads back (${literal} → ${parts.join(" | ")})`);
  ok(core.picture_literal("rat.png", new Float64Array(), 0, new Float64Array()) === '"rat.png"', "an unframed picture is the plain string");
  const rat = core.write_theme("classic", ["pictures.rat", "counters.layout"], [literal.replace("pictures/rat.png", "rat.png"), '"picture"']);
  core.put_file("framed/theme.toml", new TextEncoder().encode(rat));
  core.put_file("framed/rat.png", files["my-theme/rat.png"]);
  const r = new core.Request();
  r.command = "counters";
  r.set("theme", "framed/theme.toml");
  const doc = new core.Set(r);
  ok(doc.pages > 0, "a theme with a framed picture makes the counters");
  doc.free();
}
// A refused value comes with its kind and values, for the page's words.
{
  const r = new core.Request();
  r.set("copies", "30");
  try {
    new core.Set(r);
    ok(false, "30 copies are refused");
  } catch (e) {
    ok(e.control === "copies" && e.code === "range" && e.args[0] === "30" && e.args[1] === "1",
      `30 copies: ${e.control}, ${e.code} [${Array.from(e.args).join(", ")}] (${e.message})`);
  }
}
// Refusals: the page's message is the command line's, word for word, with
// each option named without its dashes (the library words both), and its
// kind is the library's.
{
  const names = core.option_table().map((o) => { const n = o.name; o.free(); return n; });
  const plain = (text) => names.reduce((t, n) => t.split(`--${n}`).join(n), text);
  writeFileSync(join(dir, "bad.toml"), 'extends = "classic"\n[board]\nrivr = "#0000ff"\n');
  for (const [command, options, kind, file] of [
    ["board", { square: "5" }, "square-too-small"],
    ["board", { square: "2000" }, "square-too-large"],
    ["board", { tile: "a3" }, "tile-not-needed"],
    ["counters", { size: "300" }, "counter-too-large"],
    ["counters", { for: "laser", shape: "circle", "shared-cuts": "true" }, "shared-cuts-need-laser-squares"],
    ["rules", { paper: "90x100" }, "paper-too-small-for-rules"],
    ["board", { bleed: "50" }, "range"],
    ["set", { copies: "16", paper: "a5", square: "40" }, "too-many-sets"],
    ["set", { "counter-size": "40", square: "30" }, "counter-wider-than-square"],
    ["board", {}, "input", "bad.toml"],
  ]) {
    const r = new core.Request();
    r.command = command;
    const argv = [command];
    for (const [k, v] of Object.entries(options)) {
      r.set(k, v);
      argv.push(`--${k}`, ...(v === "true" ? [] : [v]));
    }
    if (file) {
      r.theme_file = readFileSync(join(dir, file), "utf8");
      r.theme_file_name = file;
      argv.push("--theme", file);
    }
    let page = null;
    try { new core.Set(r).free(); } catch (e) { page = e; }
    const run = spawnSync(bin, [...argv, "-o", "refused.pdf"], { cwd: dir, env: DATED, encoding: "utf8" });
    // A theme file is named by its path on disk, by its name in the page.
    const said = run.stderr.trim().replace(/^jungle-print: error: /, "").split(`${dir}/`).join("");
    ok(page && run.status === 2 && page.message === plain(said) && page.code === kind,
      `${argv.join(" ")}: refused alike (${page ? `${page.code}: ${page.message}` : "made"} | CLI ${run.status}: ${said})`);
  }
}
// A split set, as the command line writes it: the same files, the same
// names, the same bytes; and what each holds.
{
  const r = new core.Request();
  r.set("split", "true");
  r.set("copies", "2");
  const doc = new core.Set(r);
  const argv = doc.command_line;
  ok(argv.includes("--split"), `the split set's command line (${argv.join(" ")})`);
  execFileSync(bin, [...argv, "-q"], { cwd: dir, env: DATED });
  const names = [];
  let same = doc.files === 4;
  for (let i = 0; i < doc.files; i++) {
    names.push(doc.name(i));
    same &&= Buffer.compare(Buffer.from(doc.bytes(i)), readFileSync(join(dir, doc.name(i)))) === 0;
  }
  ok(same, `the split set's ${doc.files} files are the command line's (${names.join(", ")})`);
  ok(doc.lines.length === 5 && /sheets? of card/.test(doc.lines[0]) && /^the set in 4 files/.test(doc.lines[4]),
    `the split set's summary (${doc.lines.join(" | ")})`);
  doc.free();
}
// SVG pages: one file per page, named as the command line names them.
{
  const r = new core.Request();
  r.command = "board";
  r.set("format", "svg");
  r.set("square", "40");
  const doc = new core.Set(r);
  ok(doc.files === doc.pages && doc.files > 1 && doc.name(1) === "board-2.svg",
    `a tiled board's SVG pages (${doc.files}: ${doc.name(0)}, ${doc.name(1)}, …)`);
  doc.free();
}
// The PNG limit the command line has: too many pixels are refused, on the dpi.
{
  const r = new core.Request();
  r.command = "board";
  r.set("format", "png");
  r.set("dpi", "1200");
  r.set("paper", "a2");
  try {
    new core.Set(r);
    ok(false, "an A2 board at 1200 dpi is refused");
  } catch (e) {
    ok(e.control === "dpi" && /million pixels/.test(e.message), `an A2 board at 1200 dpi is refused on its control (${e.control}: ${e.message})`);
  }
}
// The previews: live-text SVG pages, with the command line of the file asked for.
{
  const r = new core.Request();
  r.command = "rules";
  const doc = core.Set.previews(r);
  ok(doc.files === doc.pages && doc.text(0).includes("<text") && doc.command_line.includes("rules.pdf"),
    `the previews are live-text SVG (${doc.files} pages) and the command line writes rules.pdf`);
  doc.free();
}
// The rules as a web page and as braille: the command line's bytes, in a
// language with readings too.
for (const [format, lang] of [["html", "en"], ["html", "zh-Hant"], ["brf", "fr"]]) {
  const r = new core.Request();
  r.command = "rules";
  r.set("format", format);
  r.set("lang", lang);
  const doc = new core.Set(r);
  const argv = doc.command_line;
  execFileSync(bin, [...argv, "-q"], { cwd: dir, env: DATED });
  const cli = readFileSync(join(dir, argv[argv.indexOf("-o") + 1]));
  const page = Buffer.from(doc.bytes(0));
  ok(doc.files === 1 && Buffer.compare(page, cli) === 0 && page.length > 1000,
    `${argv.join(" ")}: same bytes as the page (${page.length})`);
  doc.free();
}
console.log(failed ? `${failed} failed` : "all passed");
process.exit(failed ? 1 : 0);
