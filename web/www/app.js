// The page: reads the choices, asks the core (in worker.js) for the set, shows
// every page and downloads files. No drawing or layout happens here.
import { WORDS, fromBrowser } from "./i18n.js";
import { ThemeMaker, FOLDER } from "./theme.js";
import { writeZip, readZip } from "./zip.js";
import * as store from "./store.js";

const $ = (id) => document.getElementById(id);
/// The page's choices: its own controls, then one per option of the
/// library's table that has no control of its own here (made by `addOptions`).
const CHOICES = ["lang", "phonetic", "theme", "rules", "paper", "paper-w", "paper-h", "command", "purpose", "square", "size", "copies", "sides", "bleed",
  "back-offset", "shape", "tile", "card", "crop-marks", "no-coordinates", "cover", "boxed", "poster", "poster-paper", "split", "shared-cuts", "kerf",
  "count", "difficulty", "seed"];
/// The options made from the library's table ([name, kind] pairs): each has a
/// control named as its option, sent to the core by that name.
const MADE = [];
const value = (id) => { const el = $(id); return el.type === "checkbox" ? (el.checked ? "1" : "0") : el.value; };
const setValue = (id, v) => { const el = $(id); if (el.type === "checkbox") el.checked = v === "1"; else el.value = v; };
let maker = null;
/// Where the theme maker's fold (open or folded) is kept in this browser.
const FOLD = "jungle-print-maker";
const FILES = { "theme-file": "theme", "lang-file": "lang", "rules-file": "rules" };
const files = { theme: null, lang: null, rules: null }; // { name, text }

let words = WORDS.en;
let worker = null;
let next = 1;
const pending = new Map();

function startWorker() {
  worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
  worker.onmessage = (e) => {
    const { id } = e.data;
    const done = pending.get(id);
    pending.delete(id);
    if (e.data.crashed) {
      // The core trapped: this worker is unusable. Start a new one.
      worker.terminate();
      startWorker();
      for (const [pid, p] of pending) p.reject({ error: "", crashed: true, lost: pid });
      pending.clear();
      // The new core's folder is empty: the theme and its files again.
      if (maker) maker.start(maker.base, maker.overrides, maker.files);
    }
    if (done) (e.data.ok ? done.resolve : done.reject)(e.data);
  };
  worker.onerror = (e) => {
    e.preventDefault();
    for (const [, p] of pending) p.reject({ error: e.message || "worker error", crashed: true });
    pending.clear();
    worker.terminate();
    startWorker();
  };
}

function ask(want, extra = {}) {
  const id = next++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, want, options: options(), ...extra });
  });
}

/// A second worker with the whole core: photos are looked at (the automatic
/// framing, most of a photo's work) in two workers at once, on two cores;
/// what it sees is handed to the first worker, which makes the pages.
let helper = null;
const helped = new Map();
/// Requests made; work asked of [the first worker, the helper]: a look 4,
/// framing 1 (about 0.5 s and 0.12 s a photo).
let helpers = 0, looking = [0, 0];
function askHelper(want, extra) {
  if (!helper) {
    helper = new Worker(new URL("./worker.js", import.meta.url), { type: "module", name: "helper" });
    const lost = (e) => {
      for (const [, p] of helped) p.reject(e);
      helped.clear();
      helper.terminate();
      helper = null;
    };
    helper.onmessage = (e) => {
      if (e.data.crashed) { lost(e.data); return; }
      const done = helped.get(e.data.id);
      helped.delete(e.data.id);
      if (done) (e.data.ok ? done.resolve : done.reject)(e.data);
    };
    helper.onerror = (e) => { e.preventDefault(); lost({ error: e.message || "worker error" }); };
  }
  const id = ++helpers;
  return new Promise((resolve, reject) => {
    helped.set(id, { resolve, reject });
    helper.postMessage({ id, want, ...extra });
  });
}

/// Starts the whole core in both workers when photos are about to come (see
/// theme.js): the first visit does not fetch it.
let warmed = false;
function warm() {
  if (warmed) return;
  warmed = true;
  ask("warm").catch(() => {});
  askHelper("warm").catch(() => {});
}

/// A picture's `info` (`picture_info`) from the less busy worker: the
/// helper's look is handed to the first worker; a picture the helper cannot
/// read is asked of the first, which says why.
function pictureInfo(name, bytes) {
  const p = lookAt(name, bytes);
  const settled = p.catch(() => {});
  inFlight.add(settled);
  settled.then(() => inFlight.delete(settled));
  return p;
}
/// The pictures being looked at: the pages wait for them.
const inFlight = new Set();
async function lookAt(name, bytes) {
  // The first worker frames every photo and makes the pages too: the
  // helper looks unless it has a look more to do.
  const there = looking[1] <= looking[0] + 4;
  looking[Number(there)] += 4;
  looking[0]++; // the framing
  let r = null, ok = false;
  try {
    if (there) {
      r = await askHelper("picture-look", { name, bytes }).catch(() => null);
      if (r && r.look.length) await ask("take-look", { bytes, look: r.look });
    }
    r = r ? { info: r.info } : await ask("picture-info", { name, bytes });
    ok = true;
  } finally {
    looking[Number(there)] -= 4;
    if (!ok) looking[0]--;
  }
  // Then framed in the first worker while the next photos come.
  let background = "white";
  try { background = JSON.parse(maker.value("pictures.background")); } catch (_) { /* the default */ }
  ask("frame-ahead", { bytes, background }).catch(() => {}).then(() => looking[0]--);
  return r;
}

/// The choices as the core's Request/// The choices as the core's Request: the command, the uploaded files, and
/// the options by the command line's names (empty, false or 0: the default).
function options() {
  const sides = $("sides").value;
  const command = $("command").value, purpose = $("purpose").value;
  const shown = (id) => !$(id).closest(".opt") || !$(id).closest(".opt").hidden;
  const num = (id) => (shown(id) && Number($(id).value)) || 0;
  const [bx, by] = ($("back-offset").value || "0,0").split(",").map((v) => Number(v) || 0);
  const o = {
    command,
    for: purpose,
    lang: $("lang").value,
    // Only the guides that go with the chosen language are offered.
    phonetic: phoneticOffered() ? $("phonetic").value : "",
    theme: maker && maker.edited ? maker.theme : $("theme").value,
    ruleset: $("rules").value,
    // A custom size as the command line writes it: 300x400 (mm).
    paper: $("paper").value === "custom"
      ? `${Number($("paper-w").value) || 0}x${Number($("paper-h").value) || 0}` : $("paper").value,
    square: num("square"),
    size: num("size"),
    // The set takes the same field as its counters' size for the whole set.
    "counter-size": num("size"),
    copies: num("copies"),
    count: num("count"),
    difficulty: shown("difficulty") ? $("difficulty").value : "",
    // 0 is a seed like any other: sent as written, not left out.
    seed: shown("seed") && $("seed").value !== "" ? String(Math.trunc(Number($("seed").value)) || 0) : "",
    sides: !shown("sides") ? "" : sides.startsWith("duplex") ? "duplex" : sides,
    flip: sides === "duplex-short" ? "short-edge" : "long-edge",
    "back-offset": shown("back-offset") && (bx || by) ? `${bx},${by}` : "",
    shape: $("shape").value,
    tile: shown("tile") ? $("tile").value : "",
    card: num("card"),
    "crop-marks": shown("crop-marks") && $("crop-marks").checked,
    "no-coordinates": shown("no-coordinates") && $("no-coordinates").checked,
    "no-cover": shown("cover") && !$("cover").checked,
    "no-box": shown("boxed") && !$("boxed").checked,
    poster: shown("poster") && $("poster").checked,
    "poster-paper": shown("poster-paper") ? $("poster-paper").value : "",
    split: shown("split") && $("split").checked,
    "shared-cuts": shown("shared-cuts") && $("shared-cuts").checked,
    kerf: num("kerf"),
    bleed: num("bleed"),
    format: purpose === "laser" ? "svg" : "pdf",
  };
  for (const [name, kind] of MADE) {
    if (!shown(name)) continue;
    o[name] = kind === "switch" ? $(name).checked : $(name).value.trim();
  }
  for (const kind of ["theme", "lang", "rules"]) {
    const f = files[kind];
    o[`${kind}_file`] = f ? f.text : "";
    o[`${kind}_file_name`] = f ? f.name : "";
  }
  return o;
}

function translate(lang) {
  words = WORDS[lang] || WORDS.en;
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll("[data-t]")) {
    const w = words[el.dataset.t];
    if (typeof w === "string") el.textContent = w;
    else if (el.dataset.label) el.textContent = el.dataset.label;
  }
  if (maker) maker.setLang(lang);
}

/// Whether the chosen phonetic guide goes with the chosen language: Zhuyin
/// with zh-Hant, pinyin throughout with zh-Hans (an uploaded pack is left
/// to the core, which says so when they do not go together).
function phoneticOffered() {
  const v = $("phonetic").value, lang = $("lang").value;
  return files.lang !== null || !((v === "zhuyin" && lang !== "zh-Hant") || (v === "pinyin" && lang !== "zh-Hans"));
}

/// Shows the options that apply to what is made, for whom; hides the others.
function applicable() {
  // The guides offered follow the language.
  const lang = $("lang").value, own = files.lang !== null;
  for (const [guide, only] of [["zhuyin", "zh-Hant"], ["pinyin", "zh-Hans"]]) {
    const opt = $("phonetic").querySelector(`option[value=${guide}]`);
    opt.disabled = opt.hidden = !own && lang !== only;
  }
  if (!phoneticOffered()) $("phonetic").value = "";
  $("paper-size").hidden = $("paper").value !== "custom";
  const command = $("command").value;
  let purpose = $("purpose").value;
  const duplex = $("sides").value.startsWith("duplex");
  for (const div of document.querySelectorAll(".opt")) {
    const forCommand = (div.dataset.for || "").split(" ").includes(command);
    const forPurpose = !div.dataset.purpose || div.dataset.purpose.split(" ").includes(purpose);
    const forSides = !div.dataset.sides || duplex;
    div.hidden = !(forCommand && forPurpose && forSides);
  }
  // A laser makes boards and counters only; the tactile edition is the
  // board, the counters and the set (its rules are the BRF download).
  const laser = $("purpose").querySelector("option[value=laser]");
  laser.disabled = !["board", "counters"].includes(command);
  if (laser.disabled && purpose === "laser") $("purpose").value = "home";
  const tactile = $("purpose").querySelector("option[value=tactile]");
  tactile.disabled = !["set", "board", "counters"].includes(command);
  if (tactile.disabled && purpose === "tactile") $("purpose").value = "home";
  // The purpose as it is now (a laser or swell paper may have given way).
  purpose = $("purpose").value;
  // A print shop gets a PDF/X only; a laser cutter an SVG (no PNG).
  $("download-png").hidden = purpose !== "home";
  $("download-svg").hidden = purpose === "print-shop";
  // The rules as a web page: the handout only, for a screen.
  $("download-html").hidden = !(command === "rules" && !$("poster").checked && purpose === "home");
  // The rules in braille: the handout's words as a BRF file.
  $("download-brf").hidden = !(command === "rules" && purpose === "home");
  // The tactile board or counters as 3-D models.
  $("download-3mf").hidden = !(purpose === "tactile" && ["board", "counters"].includes(command));
}

function saveUrl() {
  const q = new URLSearchParams();
  const DEFAULTS = { command: "set", purpose: "home", cover: "1", boxed: "1" };
  for (const c of CHOICES) {
    const v = value(c);
    if (v && v !== "0" && v !== DEFAULTS[c]) q.set(c, v);
    else if (v === "0" && DEFAULTS[c] === "1") q.set(c, "0");
  }
  history.replaceState(null, "", `${location.pathname}?${q}`);
}

function loadUrl() {
  const q = new URLSearchParams(location.search);
  for (const c of CHOICES) {
    const v = q.get(c);
    if (v === null) continue;
    const el = $(c);
    if (el.tagName === "SELECT" && ![...el.options].some((o) => o.value === v)) continue;
    setValue(c, v);
  }
  if (!q.get("lang")) $("lang").value = fromBrowser(navigator.languages || [navigator.language || "en"]);
}

/// The core's names for the controls an error can be about, as this page's ids.
const CONTROLS = { ruleset: "rules", "lang-file": "lang-file", "theme-file": "theme-file", "rules-file": "rules-file" };

/// A message the page words itself, with a value from the visitor (a file's
/// name), through the core's net: control and reordering characters
/// escaped, a long name cut in its middle (as every message of the core).
function said(text) {
  return ask("said", { text }).then((r) => r.text, () => text.replace(/[\p{Cc}\p{Cf}]/gu, "\uFFFD"));
}

/// The core's error `e` ({ error, code, args, control }) in the page's
/// language: its kind's words with its values (made safe by the core) when
/// the page has words for it, the command line's words otherwise. A data
/// file's error keeps the command line's detail on a second line.
function worded(e) {
  const say = words.errors && words.errors[e.code];
  if (!say) return e.error;
  const id = CONTROLS[e.control] || e.control;
  const label = id && document.querySelector(`label[for="${id}"]`);
  const text = say(label ? label.textContent.trim() : "", ...(e.args || []));
  return e.code === "input" ? `${text}\n${e.error}` : text;
}

/// The box beside control `id` where its errors show (made the first time).
function errorBox(id) {
  let box = $(`${id}-error`);
  if (!box) {
    box = document.createElement("p");
    box.id = `${id}-error`;
    box.className = "error";
    box.setAttribute("role", "alert");
    box.hidden = true;
    const at = $(id).closest(".opt") || $(id);
    at.after(box);
    const described = $(id).getAttribute("aria-describedby");
    $(id).setAttribute("aria-describedby", described ? `${described} ${box.id}` : box.id);
  }
  return box;
}

/// Shows `message` beside the control it is about (`control`, the core's
/// name), or beside the theme key it names (`key`), else under the form; the
/// control is marked invalid and the pages marked out of date until the
/// next set is made. An empty message clears them all.
function showError(message, control = "", key = "") {
  for (const el of document.querySelectorAll("#choices p.error:not(#theme-load-error)")) el.hidden = true;
  for (const el of document.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
  stale(Boolean(message));
  if (!message) return;
  const id = CONTROLS[control] || control;
  // A key of the theme made in the page: beside that key's control.
  if (key && !files.theme && maker && maker.warn(key, message)) {
    $("maker").open = true;
    return;
  }
  const box = id && $(id) ? errorBox(id) : $("error");
  if (id && $(id)) $(id).setAttribute("aria-invalid", "true");
  box.textContent = message;
  box.hidden = false;
}

/// Marks the pages shown as out of date (they are the last set made, not the
/// one chosen now), or no longer.
function stale(on) {
  $("preview").classList.toggle("stale", on);
  $("stale").hidden = !on;
}

/// Fills the selects of built-in choices with the library's lists.
function fillLists(b) {
  // The command line's defaults start selected, whatever the lists' order.
  const DEFAULTS = { lang: "en", theme: "classic", rules: "standard", paper: "a4" };
  const fill = (id, values, label) => {
    $(id).replaceChildren(...values.map((v, i) => {
      const o = document.createElement("option");
      o.value = v;
      const key = label(v, i);
      if (key.t) o.dataset.t = key.t;
      o.textContent = key.text;
      o.selected = v === DEFAULTS[id];
      return o;
    }));
  };
  fill("lang", b.langs, (v, i) => ({ text: b.langNames[i] || v }));
  fill("theme", b.themes, (v) => ({ t: `theme-${v}`, text: v }));
  fill("rules", b.rulesets, (v) => ({ t: `rules-${v}`, text: v }));
  const paper = (v) => (/^[a-c]\d+$/.test(v) ? v.toUpperCase() : v[0].toUpperCase() + v.slice(1));
  fill("paper", b.papers, (v) => ({ text: paper(v) }));
  const custom = new Option("Custom size", "custom");
  custom.dataset.t = "paper-custom";
  $("paper").append(custom);
  for (const v of b.papers) $("tile").append(new Option(paper(v), v));
  for (const v of b.papers) $("poster-paper").append(new Option(paper(v), v));
}

let latest = 0;
let timer = 0;
/// Redraws soon: a burst of changes (a colour dragged) redraws once.
/// While photos are still being read (several chosen at once), the pages are
/// made once, after the last one (`now`: at once).
function soon(now = false) {
  clearTimeout(timer);
  $("status").textContent = words.working;
  if (maker && maker.reading > 0) return;
  timer = setTimeout(update, now ? 0 : 120);
}

async function update() {
  applicable();
  saveUrl();
  translate($("lang").value);
  const mine = ++latest;
  $("status").textContent = words.working;
  await Promise.all([...inFlight]);
  if (mine !== latest) return;
  try {
    const r = await ask("previews");
    if (mine !== latest) return;
    showError("");
    showPages(r);
    showCommand(r.commandLine);
    $("summary").textContent = r.lines.join("\n");
    let pairs = r.warnings.map((w, i) => [r.warningKeys[i] || "", w]);
    if (maker && maker.edited) {
      const { flat } = await ask("check-theme").catch(() => ({ flat: [] }));
      for (let i = 0; i + 1 < flat.length; i += 2) pairs.push([flat[i], flat[i + 1]]);
    }
    const left = maker ? maker.warnAll(pairs) : pairs.map(([, w]) => w);
    $("maker-warnings").textContent = left.join("\n");
    $("maker-warnings").hidden = left.length === 0;
    $("status").textContent = words.made(r.svgs.length, r.ms);
    made = { key: madeKey(), svgs: r.svgs, sizes: r.sizes, lines: r.lines, commandLine: r.commandLine };
    keepSoon();
  } catch (e) {
    if (mine !== latest) return;
    showError(e.crashed ? `${words.crashed}\n${e.error}` : worded(e), e.control, e.key);
    $("status").textContent = "";
  }
}

/// The command line that makes the same file, quoted for a shell.
function showCommand(args) {
  const q = (a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`);
  $("command-line").textContent = ["jungle-print", ...args.map(q)].join(" ");
}

/// What the pages last made were made from: the choices, the theme's keys
/// and its files (names and sizes); the pages kept are shown on a reload
/// only when the work found again is the same.
const madeKey = () => JSON.stringify([options(), [...maker.overrides], [...maker.files].map(([p, b]) => [p, b.length])]);
/// The pages last made, to keep with the work.
let made = null, keptMade = null;
let keepTimer = 0;
let keptFiles = -1; // the maker's files version last kept
/// Keeps the work in this browser (IndexedDB) a moment after each change; the
/// pictures and fonts only when they changed (a colour tweak writes no photo).
function keepSoon() {
  clearTimeout(keepTimer);
  keepTimer = setTimeout(() => {
    const choices = Object.fromEntries(CHOICES.map((c) => [c, value(c)]));
    store.keep({ choices, base: maker.base, overrides: [...maker.overrides] });
    if (maker.version !== keptFiles) {
      keptFiles = maker.version;
      store.keepFiles([...maker.files]);
    }
    // The pages only when they hold pictures of the visitor's (the built-in
    // looks are made fast enough), and only when they changed.
    if (made && made !== keptMade && maker.files.size > 0) {
      keptMade = made;
      store.keepPages(made);
    }
  }, 300);
}

/// The pieces a document's line names with their pages (`cover 1, board 2,
/// rules 5–6`, the library's English words), as [name, first, last].
function piecesOf(lines) {
  const out = [];
  for (const line of lines) {
    const head = line.split(";")[0];
    for (const m of head.matchAll(/([a-z][a-z ]*?) (\d+)(?:–(\d+))?(?=[,;:)]| \(|$)/g)) {
      out.push([m[1].trim(), Number(m[2]), Number(m[3] || m[2])]);
    }
  }
  return out;
}
/// What page `n` shows, in the page's words: the piece the library's line
/// puts it in (the innermost when several do), else the product made.
function pieceOf(pieces, n) {
  const found = pieces.filter(([, a, b]) => a <= n && n <= b).sort((x, y) => (x[2] - x[1]) - (y[2] - y[1]));
  for (const [name] of found) if (words.pieces[name]) return words.pieces[name];
  const command = $("command").value;
  return words.pieces[command] || words[`command-${command}`] || "";
}

const urls = [];
function showPages({ svgs, sizes, lines }) {
  const pieces = piecesOf(lines || []);
  urls.splice(0).forEach((u) => URL.revokeObjectURL(u));
  const list = $("pages");
  list.replaceChildren();
  svgs.forEach((svg, i) => {
    const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
    urls.push(url);
    const [w, h] = sizes[i];
    const li = document.createElement("li");
    const img = document.createElement("img");
    img.src = url;
    // 1 px per mm: an A4 page is 210 px wide; sizes keep their proportions.
    img.width = Math.round(w);
    img.height = Math.round(h);
    img.dataset.mm = `${w}x${h}`;
    img.alt = words.pageOf(i + 1, svgs.length, pieceOf(pieces, i + 1));
    const caption = document.createElement("span");
    caption.textContent = String(i + 1);
    li.append(img, caption);
    list.append(li);
  });
}


function save(data, name, type) {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

/// Downloads the files the command line writes in format `want`: one file,
/// or a zip of them (a page each for SVG and PNG, a file each for the
/// pieces of a split set); then says what they hold.
async function download(want) {
  $("ready").textContent = words.preparing;
  try {
    const r = await ask(want, { dpi: 150 });
    showError("");
    const TYPES = { pdf: "application/pdf", svg: "image/svg+xml", png: "image/png", html: "text/html", brf: "text/plain", "3mf": "model/3mf" };
    let saved;
    if (r.files.length === 1) {
      saved = [r.files[0].name, r.files[0].bytes.length];
      save(r.files[0].bytes, saved[0], TYPES[want]);
    } else {
      const name = { set: "jungle-set", board: "board", counters: "counters", rules: "rules", poster: "poster", box: "box", puzzles: "puzzles" }[$("command").value];
      const zip = writeZip(r.files.map((f) => [f.name, f.bytes]));
      saved = [`${name}-${want}.zip`, zip.length];
      save(zip, saved[0], "application/zip");
    }
    $("summary").textContent = r.lines.join("\n");
    $("status").textContent = `${want.toUpperCase()}: ${r.ms} ms`;
    // Said aloud by screen readers (a live region): the file is there.
    $("ready").textContent = words.ready(saved[0], Math.max(1, Math.round(saved[1] / 1024)), r.ms);
  } catch (e) {
    $("ready").textContent = "";
    showError(e.crashed ? `${words.crashed}\n${e.error}` : worded(e), e.control, e.key);
  }
}

async function readFile(input) {
  const kind = FILES[input.id];
  const file = input.files && input.files[0];
  if (!file) { files[kind] = null; return update(); }
  if (file.size > 1024 * 1024) {
    files[kind] = null;
    showError(words["file-too-large"](await said(file.name), file.size), input.id);
    return;
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch (_) {
    files[kind] = null;
    showError(words["not-utf8"](await said(file.name)), input.id);
    return;
  }
  files[kind] = { name: file.name, text };
  update();
}

/// "Save theme": the theme folder as a zip the command line reads unchanged.
function saveTheme() {
  save(writeZip(maker.entries()), `${FOLDER}.zip`, "application/zip");
}

/// "Load theme": a saved zip (or a theme file alone) into the panel.
async function loadTheme(input) {
  const file = input.files && input.files[0];
  const box = $("theme-load-error");
  box.hidden = true;
  if (!file) return;
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    let text, siblings = new Map();
    if (bytes[0] === 0x50 && bytes[1] === 0x4b) {
      const entries = await readZip(bytes);
      const theme = entries.find(([p]) => p.endsWith("theme.toml")) || entries.find(([p]) => p.endsWith(".toml"));
      if (!theme) throw new Error(words["no-theme-in-zip"]);
      const dir = theme[0].slice(0, theme[0].lastIndexOf("/") + 1);
      for (const [p, b] of entries) if (p.startsWith(dir) && p !== theme[0]) siblings.set(p.slice(dir.length), b);
      text = new TextDecoder("utf-8", { fatal: true }).decode(theme[1]);
    } else text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    await maker.load(text, siblings);
    if ([...$("theme").options].some((o) => o.value === maker.base)) $("theme").value = maker.base;
    update();
  } catch (e) {
    box.textContent = await said(`\`${file.name}\`: ${e.error || e.message || e}`);
    box.hidden = false;
  }
  input.value = "";
}

/// The page's own controls stand for these options of the table, under other
/// names or in other forms (the language pack's file, the counters' size for
/// the set, the cover and box as boxes to tick, the flip with the sides, …);
/// every other option of the table gets a control made from its row.
const OWN = new Set(["for", "ruleset", "lang-file", "pictures", "counter-size", "no-cover", "no-box", "flip", "preview", "format", "output", "live-text", "dpi", "check"]);
/// The page's own controls that stand for a table option of another name.
const OWN_CONTROL = { for: "purpose", ruleset: "rules", "no-cover": "cover", "no-box": "boxed" };

/// Puts `text`, an option's help from the table, under the control `input`
/// (after its label when the label follows it, as a box to tick's does) and
/// names it as the control's description.
function giveHelp(input, text) {
  const help = document.createElement("small");
  help.className = "help";
  help.id = `${input.id}-help`;
  help.textContent = text;
  const label = document.querySelector(`label[for="${input.id}"]`);
  const after = label && input.compareDocumentPosition(label) & Node.DOCUMENT_POSITION_FOLLOWING ? label : input;
  after.after(help);
  const described = (input.getAttribute("aria-describedby") || "").split(" ").filter(Boolean);
  input.setAttribute("aria-describedby", [...described, help.id].join(" "));
}
/// The commands of the page each of the table's commands stands for.
const COMMANDS = { set: ["set"], board: ["board"], counters: ["counters"], rules: ["rules", "poster"], box: ["box"], puzzles: ["puzzles"] };

/// A control for each option of the library's table that the page has none
/// for, made from its row: a box to tick, a number within its range, or a
/// list of its words; labelled in the page's words when it has them, else by
/// the row's label; its help line under it. Shown for the commands that have it.
function addOptions(table) {
  let at = $("kerf").closest(".opt");
  for (const t of table) {
    // A control of the page's own markup takes its range from the table too,
    // so the page and the command line accept the same numbers.
    // (Only a control: `preview` is the id of the pages' section, not an option's.)
    const found = $(OWN_CONTROL[t.name] || t.name);
    const own = found && found.matches("input, select") ? found : null;
    if (own && own.type === "number" && (t.kind === "number" || t.kind === "count")) {
      if (Number.isFinite(t.min)) own.min = String(t.min);
      if (Number.isFinite(t.max) && t.max > t.min) own.max = String(t.max);
    }
    // Its help too, once (an option of several commands has one row).
    if (own && !t.output && !$(`${own.id}-help`)) giveHelp(own, t.help);
    if (OWN.has(t.name) || t.output || t.kind === "path" || own) continue;
    const div = document.createElement("div");
    div.className = "opt";
    div.dataset.for = t.commands.flatMap((c) => COMMANDS[c] || []).join(" ");
    let input;
    if (t.kind === "choice") {
      input = document.createElement("select");
      input.append(new Option("", ""));
      for (const [i, w] of t.choices.entries()) input.append(new Option(t.choiceHelp[i] || w, w));
    } else {
      input = document.createElement("input");
      input.type = t.kind === "switch" ? "checkbox" : t.kind === "text" ? "text" : "number";
      if (t.kind === "number" || t.kind === "count") {
        if (Number.isFinite(t.min)) input.min = String(t.min);
        if (Number.isFinite(t.max) && t.max > t.min) input.max = String(t.max);
        input.step = t.kind === "count" ? "1" : "any";
        input.inputMode = t.kind === "count" ? "numeric" : "decimal";
        if (t.default) input.placeholder = t.default;
      }
    }
    input.id = input.name = t.name;
    const label = document.createElement("label");
    label.htmlFor = t.name;
    label.dataset.t = t.name;
    label.dataset.label = t.label;
    label.textContent = words[t.name] || t.label;
    if (t.kind === "switch") div.append(input, label);
    else div.append(label, input);
    at.after(div);
    giveHelp(input, t.help);
    at = div;
    MADE.push([t.name, t.kind]);
    CHOICES.push(t.name);
  }
}

/// The most pixels a picture of theme key `key` is kept with on its long
/// side, the browser scaling a larger photo down when it is chosen. An
/// animal's picture prints on its counter and start square: 300 dpi across
/// the counter (the size chosen, else 30 mm), and a drawing photographed on
/// its sheet is rarely less than two fifths of the photo's long side, so
/// 2.5 times that, and at least 1024 px (a 30 mm counter: 886 px). A picture
/// printed across a page (the board, its squares, the backs, the lid) keeps
/// up to 4096 px (347 mm at 300 dpi).
function longest(key) {
  if (!/^pictures\.(elephant|lion|tiger|leopard|wolf|fox|dog|cat|rat)$/.test(key)) return 4096;
  const mm = Number($("size").value) || 30;
  return Math.max(1024, Math.ceil((2.5 * mm / 25.4) * 300));
}

async function main() {
  startWorker();
  if ("serviceWorker" in navigator) navigator.serviceWorker.register("sw.js").catch(() => {});
  const builtins = await ask("builtins");
  fillLists(builtins);
  addOptions(builtins.table);
  loadUrl();
  translate($("lang").value);
  $("status").textContent = words.loading;
  // The theme maker stays folded (one keyboard stop) until opened; opened or
  // folded, it is found so again on the next visit.
  $("maker").open = localStorage.getItem(FOLD) === "open";
  const keepFold = () => localStorage.setItem(FOLD, $("maker").open ? "open" : "folded");
  $("maker").addEventListener("toggle", keepFold);
  // (The toggle event comes a moment later: a reload right after must not lose it.)
  addEventListener("pagehide", keepFold);
  maker = new ThemeMaker({ ask, pictureInfo, warm, root: $("theme-keys"), changed: soon, t: (k) => words[k], lang: $("lang").value, longest });
  await maker.init();
  const kept = await store.load();
  if (kept && !location.search) for (const [c, v] of Object.entries(kept.choices || {})) if ($(c)) setValue(c, v);
  const keptPictures = kept ? await store.loadFiles() : [];
  await maker.start($("theme").value, kept ? new Map(kept.overrides) : new Map(), new Map(keptPictures));
  keptFiles = maker.version;
  // The pages made last time from the same work, shown at once: the core
  // frames photos again (seconds each) before it shows its own, the same.
  if (keptPictures.length) {
    applicable(); // the options shown, which the key reads
    const pages = await store.loadPages();
    if (pages && pages.key === madeKey()) {
      showPages(pages);
      showCommand(pages.commandLine);
      $("summary").textContent = pages.lines.join("\n");
    }
  }
  for (const c of CHOICES) $(c).addEventListener("change", update);
  $("theme").addEventListener("change", () => maker.start($("theme").value, maker.overrides, maker.files).then(update));
  $("theme-reset").addEventListener("click", () => maker.start($("theme").value).then(update));
  $("theme-save").addEventListener("click", saveTheme);
  $("theme-load").addEventListener("change", (e) => loadTheme(e.target));
  $("copy-command").addEventListener("click", () => navigator.clipboard && navigator.clipboard.writeText($("command-line").textContent));
  for (const id of Object.keys(FILES)) $(id).addEventListener("change", (e) => readFile(e.target));
  $("clear-files").addEventListener("click", async () => {
    $("status").textContent = words.working;
    clearTimeout(keepTimer);
    for (const [id, kind] of Object.entries(FILES)) { files[kind] = null; $(id).value = ""; }
    await store.forget();
    await maker.start($("theme").value);
    update();
  });
  $("download-pdf").addEventListener("click", () => download("pdf"));
  $("download-svg").addEventListener("click", () => download("svg"));
  $("download-png").addEventListener("click", () => download("png"));
  $("download-html").addEventListener("click", () => download("html"));
  $("download-brf").addEventListener("click", () => download("brf"));
  $("download-3mf").addEventListener("click", () => download("3mf"));
  $("choices").addEventListener("submit", (e) => e.preventDefault());
  // For the browser test: survive a panic in the core.
  window.junglePanicTest = () => ask("panic").catch((e) => { showError(`${words.crashed}\n${e.error}`); return e; });
  update();
}

main();
