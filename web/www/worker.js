// Runs the core off the main thread. A panic in the core traps this worker;
// it reports the panic's message and the page starts a fresh worker.
//
// Two cores, the same library: the first (lite/, feature `lite`) makes the
// previews of an English or French set and answers the theme maker; it
// leaves out the PDF, PNG and 3MF writers, raster pictures, the tactile
// edition and puzzle sheets, and refuses those. The whole core (pkg/) is
// fetched the first time something asks for more, and answers everything
// from then on, the in-memory folder handed over to it.
import * as lite from "./lite/jungle_print_web.js";

// The page's second worker (named "helper", see app.js) only looks at
// photos: it starts with the whole core.
const ready = self.name === "helper" ? Promise.resolve()
  : lite.default({ module_or_path: new URL("./lite/jungle_print_web_bg.wasm", import.meta.url) });
/// The core that answers now: the first, then the whole one once fetched.
let core = lite;
/// The files put in the first core's folder, for the whole core.
const folder = new Map();
let whole = null;
/// The whole core, fetched and started the first time it is asked for, with
/// the first core's folder; a failed fetch is tried again next time.
function wholeCore() {
  whole ||= import("./pkg/jungle_print_web.js")
    .then(async (m) => {
      await m.default({ module_or_path: new URL("./pkg/jungle_print_web_bg.wasm", import.meta.url) });
      for (const [path, bytes] of folder) m.put_file(path, bytes);
      folder.clear();
      core = m;
      return m;
    })
    .catch((e) => { whole = null; throw e; });
  return whole;
}

// The first core bundles only the part of Jungle Kai that the English and French sets
// draw. The whole face (fonts/, 1.6 MB compressed) is fetched once a set needs
// more: another language, a file of the visitor's, or a download (whose files
// are the command line's, byte for byte). Like the files below, it is handed
// to the whole core.
let kaiLoaded = false;
const wholeKai = once("fonts/JungleKai-Regular.ttf", (m, b) => (kaiLoaded = m.load_kai(b)), "is not a font");
// A print shop's PDF/X carries the FOGRA39 colour profile (profiles/, 63 KB
// compressed), fetched the first time such a file is made.
const outputProfile = once("profiles/coated-fogra39.icc", (m, b) => m.load_output_profile(b), "is not the FOGRA39 profile");
// The Chinese word lists (readings and line breaks; lang/words/, 36 KB
// compressed) and the packs' braille (lang/braille/, 25 KB), fetched with the
// whole face: the first load carries neither.
const wordLists = ["zh-Hant", "zh-Hans"].map((n) => once(`lang/words/${n}.tsv`, (m, b) => m.load_words(n, b), "is not a word list"));
const brailles = ["en", "fr", "zh-Hant", "zh-Hans"].map((c) => once(`lang/braille/${c}.toml`, (m, b) => m.load_braille(c, b), "is not braille"));
const lateData = () => Promise.all([wholeKai(), ...wordLists.map((f) => f()), ...brailles.map((f) => f())]);

/// A file of the page fetched and handed to the whole core (`load`, true
/// when it takes it) the first time the returned function is called; a
/// failed fetch is tried again next time.
function once(file, load, refused) {
  let loading = null;
  return () => {
    loading ||= Promise.all([wholeCore(), fetch(new URL(`./${file}`, import.meta.url))
      .then((r) => {
        if (!r.ok) throw new Error(`${file}: HTTP ${r.status}`);
        return r.arrayBuffer();
      })])
      .then(([m, b]) => { if (!load(m, new Uint8Array(b))) throw new Error(`${file} ${refused}`); })
      .catch((e) => { loading = null; throw e; });
    return loading;
  };
}
const coreDraws = (want, o) => want === "previews" && (o.lang === "en" || o.lang === "fr")
  && o.for !== "tactile" && !o.theme_file && !o.lang_file && !o.rules_file;

// The theme maker's calls: the in-memory folder (the theme, its pictures and
// fonts), the theme keys and values, and the checks the command line makes.
// Each takes the core that answers.
const THEME = {
  "put": (core, { path, bytes }) => {
    core.put_file(path, bytes);
    if (core === lite) folder.set(path, bytes);
    return {};
  },
  "clear-files": (core) => { core.clear_files(); if (core === lite) folder.clear(); return {}; },
  "theme-keys": (core) => ({
    keys: core.theme_keys().map((k) => {
      const o = { path: k.path, kind: k.kind, min: k.min, max: k.max, choices: k.choices, doc: k.doc, framed: k.framed };
      k.free();
      return o;
    }),
  }),
  "theme-values": (core, { theme }) => {
    const flat = core.theme_values(theme);
    const values = [];
    for (let i = 0; i + 1 < flat.length; i += 2) values.push([flat[i], flat[i + 1], core.colour_hex(unquote(flat[i + 1]))]);
    return { values };
  },
  "colour-hex": (core, { text }) => ({ hex: core.colour_hex(text) }),
  "write-theme": (core, { base, keys, literals }) => ({ text: core.write_theme(base, keys, literals) }),
  "read-theme": (core, { text }) => ({ flat: core.read_theme(text) }),
  "check-theme": (core, { options }) => ({ flat: core.check_theme(request(core, options)) }),
  "picture-info": (core, { name, bytes }) => ({ info: core.picture_info(name, bytes) }),
  // A helper worker's look at a photo (the page's second worker), and the
  // first worker taking it: see app.js, pictureInfo.
  "picture-look": (core, { name, bytes }) => ({ info: core.picture_info(name, bytes), look: core.picture_look(bytes) }),
  "take-look": (core, { bytes, look }) => ({ taken: core.take_picture_look(bytes, look) }),
  // A photo framed as it comes, for the pages made next.
  "frame-ahead": (core, { bytes, background }) => ({ framed: core.frame_ahead(bytes, background) }),
  // A picture key's literal as [file, start, crop, zoom, focus], and back.
  "picture-parts": (core, { literal }) => ({ parts: core.picture_parts(literal) }),
  "picture-literal": (core, { file, crop, zoom, focus }) => ({
    literal: core.picture_literal(file, new Float64Array(crop || []), zoom || 0, new Float64Array(focus || [])),
  }),
  // A message the page words itself (with a file's name), made safe as the core's are.
  "said": (core, { text }) => ({ text: core.safe_message(text) }),
};
/// A TOML string literal's text (the value of `"…"`), else the literal.
function unquote(literal) {
  try { const v = JSON.parse(literal); return typeof v === "string" ? v : literal; } catch (_) { return literal; }
}

/// The core's Request from the page's choices: the command and the uploaded
/// files as fields, every other choice as an option by its command-line name
/// (false, 0 or empty: left at its default).
const FIELDS = ["command", "theme_file", "theme_file_name", "lang_file", "lang_file_name",
  "rules_file", "rules_file_name"];
function request(core, o) {
  const r = new core.Request();
  for (const [k, v] of Object.entries(o)) {
    if (FIELDS.includes(k)) r[k] = v;
    else if (v !== false && v !== 0 && v !== "" && v != null) r.set(k, String(v));
  }
  return r;
}

self.onmessage = async (e) => {
  const { id, want, options, dpi } = e.data;
  try {
    await ready;
    if (want === "panic") core.panic_for_test();
    // Photos are coming (see app.js, warm): the whole core, fetched and started now.
    if (want === "warm" || self.name === "helper") await wholeCore();
    if (want === "warm") { self.postMessage({ id, ok: true }); return; }
    if (want === "builtins") {
      // The lists of the page's selects, from the library.
      const b = new core.Builtins();
      const lists = { themes: b.themes, langs: b.langs, rulesets: b.rulesets, papers: b.papers };
      b.free();
      // Every option of the library's table, for the controls the page makes from it.
      lists.table = core.option_table().map((t) => {
        const o = {
          name: t.name, kind: t.kind, min: t.min, max: t.max, unit: t.unit, default: t.default,
          choices: t.choices, choiceHelp: t.choice_help, commands: t.commands,
          label: t.label, help: t.help, output: t.output,
        };
        t.free();
        return o;
      });
      lists.langNames = lists.langs.map((code) => core.lang_name(code));
      self.postMessage({ id, ok: true, ...lists });
      return;
    }
    // The theme maker's questions, answered from the library: a picture's
    // pixels by the whole core, and by it too whatever the first core
    // refuses (it fails as the whole core would, or leaves it out).
    const answer = THEME[want];
    if (answer) {
      let reply;
      if (core === lite && ["picture-info", "picture-look", "take-look", "frame-ahead"].includes(want)) await wholeCore();
      try {
        reply = answer(core, e.data);
      } catch (err) {
        if (core !== lite) throw err;
        reply = answer(await wholeCore(), e.data);
      }
      self.postMessage({ id, ok: true, ...reply });
      return;
    }
    // The previews: the pages as SVG with live text; a download: the files
    // the command line writes in that format (a split set's too).
    if (want !== "previews") {
      options.format = want;
      if (want === "png") options.dpi = dpi || 150;
    }
    const make = (m) => (want === "previews" ? m.Set.previews(request(m, options)) : new m.Set(request(m, options)));
    let set;
    let t0 = performance.now();
    if (core === lite && coreDraws(want, options)) {
      try {
        set = make(lite);
      } catch (_) {
        // Something the first core leaves out (a raster picture, say), or a
        // refusal the whole core words the same: the whole core answers.
      }
    }
    if (!set) {
      const m = await wholeCore();
      if (!coreDraws(want, options)) await lateData();
      if (want === "pdf" && options.for === "print-shop") await outputProfile();
      t0 = performance.now();
      try {
        set = make(m);
      } catch (err) {
        // Perhaps a character the core lacks: again with the whole face, which
        // makes the set or fails with the same message.
        if (kaiLoaded || err instanceof WebAssembly.RuntimeError) throw err;
        await lateData();
        set = make(m);
      }
    }
    const reply = {};
    const transfer = [];
    if (want === "previews") {
      const svgs = [], sizes = [];
      for (let i = 0; i < set.files; i++) svgs.push(set.text(i));
      for (let i = 0; i < set.pages; i++) sizes.push(Array.from(set.size(i)));
      Object.assign(reply, { svgs, sizes, lines: set.what });
    } else {
      reply.files = [];
      for (let i = 0; i < set.files; i++) {
        const bytes = set.bytes(i);
        reply.files.push({ name: set.name(i), bytes });
        transfer.push(bytes.buffer);
      }
      reply.lines = set.lines;
    }
    reply.ms = Math.round(performance.now() - t0);
    reply.title = set.title;
    reply.warnings = set.warnings;
    reply.warningKeys = set.warning_keys;
    reply.commandLine = set.command_line;
    set.free();
    self.postMessage({ id, ok: true, ...reply }, transfer);
  } catch (err) {
    if (err instanceof WebAssembly.RuntimeError) {
      let message = "";
      try { message = core.take_panic(); } catch (_) { /* the instance is gone */ }
      self.postMessage({ id, ok: false, crashed: true, error: message || String(err) });
    } else {
      // A JobError names the control it is about (an option, or an uploaded file).
      // Its kind and values (code, args) let the page word it in its own language.
      const control = err && typeof err.control === "string" ? err.control : "";
      const code = err && typeof err.code === "string" ? err.code : "";
      const args = err && err.args ? Array.from(err.args) : [];
      const key = err && typeof err.key === "string" ? err.key : "";
      self.postMessage({ id, ok: false, control, code, args, key, error: err && err.message ? err.message : String(err) });
    }
  }
};
