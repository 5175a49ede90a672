// The page: reads the choices, asks the core (in worker.js) for the set, shows
// every page and downloads files. No drawing or layout happens here.
import { WORDS, fromBrowser } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const CHOICES = ["lang", "theme", "rules", "paper", "square", "sides", "shape"];
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

/// The choices as the core's Request fields (the command line's options).
function options() {
  const sides = $("sides").value;
  const o = {
    lang: $("lang").value,
    theme: $("theme").value,
    ruleset: $("rules").value,
    paper: $("paper").value,
    square: Number($("square").value) || 0,
    sides: sides.startsWith("duplex") ? "duplex" : sides,
    flip: sides === "duplex-short" ? "short-edge" : "long-edge",
    shape: $("shape").value,
  };
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
  }
}

function saveUrl() {
  const q = new URLSearchParams();
  for (const c of CHOICES) if ($(c).value) q.set(c, $(c).value);
  history.replaceState(null, "", `${location.pathname}?${q}`);
}

function loadUrl() {
  const q = new URLSearchParams(location.search);
  for (const c of CHOICES) {
    const v = q.get(c);
    if (v === null) continue;
    const el = $(c);
    if (el.tagName === "SELECT" && ![...el.options].some((o) => o.value === v)) continue;
    el.value = v;
  }
  if (!q.get("lang")) $("lang").value = fromBrowser(navigator.languages || [navigator.language || "en"]);
}

/// The core's names for the controls an error can be about, as this page's ids.
const CONTROLS = { ruleset: "rules", "lang-file": "lang-file", "theme-file": "theme-file", "rules-file": "rules-file" };

function showError(message, control = "") {
  // Beside the file it is about, else under the form, the control it is about marked.
  for (const id of Object.keys(FILES)) $(`${id}-error`).hidden = true;
  for (const el of document.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
  $("error").hidden = true;
  if (!message) return;
  const id = CONTROLS[control] || control;
  const box = id in FILES ? $(`${id}-error`) : $("error");
  if (id && $(id)) $(id).setAttribute("aria-invalid", "true");
  box.textContent = message;
  box.hidden = false;
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
}

let latest = 0;
async function update() {
  saveUrl();
  translate($("lang").value);
  const mine = ++latest;
  $("status").textContent = words.working;
  try {
    const r = await ask("previews");
    if (mine !== latest) return;
    showError("");
    showPages(r);
    $("status").textContent = words.made(r.svgs.length, r.ms);
  } catch (e) {
    if (mine !== latest) return;
    showError(e.crashed ? `${words.crashed}\n${e.error}` : e.error, e.control);
    $("status").textContent = "";
  }
}

const urls = [];
function showPages({ svgs, sizes }) {
  urls.splice(0).forEach((u) => URL.revokeObjectURL(u));
  const list = $("pages");
  list.replaceChildren();
  const pageSelect = $("page");
  const keep = pageSelect.value;
  pageSelect.replaceChildren();
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
    img.alt = words.pageOf(i + 1, svgs.length);
    const caption = document.createElement("span");
    caption.textContent = String(i + 1);
    li.append(img, caption);
    list.append(li);
    const o = document.createElement("option");
    o.value = String(i);
    o.textContent = words.pageOf(i + 1, svgs.length);
    pageSelect.append(o);
  });
  if (keep && Number(keep) < svgs.length) pageSelect.value = keep;
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

async function download(want) {
  const page = Number($("page").value || 0);
  try {
    const r = await ask(want, { page, dpi: 150 });
    showError("");
    const n = page + 1;
    if (want === "pdf") save(r.bytes, "jungle-set.pdf", "application/pdf");
    if (want === "svg") save(r.text, `jungle-set-${n}.svg`, "image/svg+xml");
    if (want === "png") save(r.bytes, `jungle-set-${n}.png`, "image/png");
    $("status").textContent = `${want.toUpperCase()}: ${r.ms} ms`;
  } catch (e) {
    showError(e.crashed ? `${words.crashed}\n${e.error}` : e.error, e.control);
  }
}

async function readFile(input) {
  const kind = FILES[input.id];
  const file = input.files && input.files[0];
  if (!file) { files[kind] = null; return update(); }
  if (file.size > 1024 * 1024) {
    files[kind] = null;
    showError(`${file.name}: ${file.size} bytes is too large for a ${kind} file (at most 1 MiB)`);
    return;
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch (_) {
    files[kind] = null;
    showError(`${file.name}: not UTF-8 text; save the file as UTF-8`);
    return;
  }
  files[kind] = { name: file.name, text };
  update();
}

async function main() {
  startWorker();
  fillLists(await ask("builtins"));
  loadUrl();
  translate($("lang").value);
  $("status").textContent = words.loading;
  for (const c of CHOICES) $(c).addEventListener("change", update);
  for (const id of Object.keys(FILES)) $(id).addEventListener("change", (e) => readFile(e.target));
  $("clear-files").addEventListener("click", () => {
    for (const [id, kind] of Object.entries(FILES)) { files[kind] = null; $(id).value = ""; }
    update();
  });
  $("download-pdf").addEventListener("click", () => download("pdf"));
  $("download-svg").addEventListener("click", () => download("svg"));
  $("download-png").addEventListener("click", () => download("png"));
  $("choices").addEventListener("submit", (e) => e.preventDefault());
  // For the browser test: survive a panic in the core.
  window.junglePanicTest = () => ask("panic").catch((e) => { showError(`${words.crashed}\n${e.error}`); return e; });
  update();
}

main();
