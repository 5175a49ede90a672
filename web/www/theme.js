// The theme maker: a control for every theme key (from the library's list),
// starting from a built-in theme. The keys changed, with the pictures and
// fonts chosen, make `my-theme/theme.toml` in the core's in-memory folder,
// which the previews, the downloads and "Save theme" all use. The controls'
// words (label, description, choice names) follow the page's language.
import { THEME_WORDS, CHOICE_WORDS } from "./theme-words.js";
import { Framing } from "./framing.js";

/// Where the page's theme lives, as the command line reads it after unzipping.
export const FOLDER = "my-theme";
export const THEME_PATH = `${FOLDER}/theme.toml`;
/// The sections shown, in order; `icons.*` are left to `pictures.*`.
const SECTIONS = ["board", "sides", "counters", "box", "pictures", "fonts", "page"];
const PICTURE_TYPES = ".png,.jpg,.jpeg,.svg,image/png,image/jpeg,image/svg+xml";
const FONT_TYPES = ".ttf,.otf,.ttc,font/ttf,font/otf";

const lit = (v) => JSON.stringify(v); // a TOML basic string or number
const unquote = (l) => { try { return JSON.parse(l); } catch (_) { return l; } };
/// The pictures' scaler (scale.js), started when pictures are about to come.
let scaler = null, scaled = 0;
const waiting = new Map();
/// `bytes` (a PNG or JPEG) decoded and scaled by the browser, off the main
/// thread, to at most `longest` pixels on its long side: { width, height }
/// as shown, with `bytes` and `scaled` when it was made smaller.
function shrink(bytes, longest) {
  startScaler();
  const id = ++scaled;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    scaler.postMessage({ id, bytes, longest, quality: 0.92 });
  });
}
function startScaler() {
  if (!scaler) {
    scaler = new Worker(new URL("./scale.js", import.meta.url), { type: "module" });
    scaler.onmessage = (e) => {
      const done = waiting.get(e.data.id);
      waiting.delete(e.data.id);
      if (done) (e.data.ok ? done.resolve : done.reject)(e.data);
    };
  }
}
const safe = (name) => name.normalize("NFC").replace(/[^\p{L}\p{N}._-]+/gu, "-").replace(/^[.-]+/, "").slice(0, 60) || "file";

export class ThemeMaker {
  /// `ask(want, extra)` asks the worker; `changed(now)` redraws (soon, or at once); `t(key)` gives
  /// the page's words; `lang` is the page's language (see `setLang`).
  /// `longest(key)` is the most pixels a picture of `key` is kept with on
  /// its long side (what it prints at; see `upload`).
  /// `pictureInfo(name, bytes)` answers as `ask("picture-info")` does (the
  /// page may ask another worker).
  /// `warm()` says that pictures are about to come.
  constructor({ ask, pictureInfo, warm = () => {}, root, changed, t, lang = "en", longest = () => Infinity }) {
    Object.assign(this, { ask, root, changed, t, lang, longest });
    this.warm = () => { startScaler(); warm(); };
    this.pictureInfo = pictureInfo || ((name, bytes) => ask("picture-info", { name, bytes }));
    this.reading = 0;           // pictures being read (the pages wait for the last)
    this.base = "classic";
    this.overrides = new Map(); // key → TOML literal
    this.files = new Map();     // path in the folder → Uint8Array
    this.values = new Map();    // key → [literal, hex] of the base theme
    this.keys = [];
    this.version = 0;           // counts changes to `files`, for keeping them
    this.framing = new Map();   // picture key → { file, frame } when framed by hand
    this.views = new Map();     // picture key → its Framing view
  }

  /// The file a picture key's literal names (its table form's `file`).
  fileOf(key, literal = this.value(key)) {
    const framed = this.framing.get(key);
    return framed && this.overrides.get(key) === literal ? framed.file : unquote(literal);
  }

  /// Reads the table form of the picture literals among `overrides`.
  async parseFraming(overrides) {
    this.framing = new Map();
    for (const [key, literal] of overrides) {
      if (!literal.trim().startsWith("{")) continue;
      const { parts } = await this.ask("picture-parts", { literal });
      if (!parts.length) continue;
      const list = (t) => (t ? t.split(",").map(Number) : null);
      this.framing.set(key, { file: parts[0], frame: { crop: list(parts[2]), zoom: Number(parts[3]) || null, focus: list(parts[4]) } });
    }
  }

  /// True when the theme differs from its base.
  get edited() { return this.overrides.size > 0; }

  /// The request's theme: the base's name, or the theme file when edited.
  get theme() { return this.edited ? THEME_PATH : this.base; }

  async init() {
    this.keys = (await this.ask("theme-keys")).keys
      .filter((k) => SECTIONS.includes(k.path.split(".")[0]));
  }

  /// Starts from built-in theme `base`, keeping `overrides` and `files` given.
  async start(base, overrides = new Map(), files = new Map()) {
    this.base = base;
    this.overrides = new Map(overrides);
    this.files = new Map(files);
    this.version++;
    const { values } = await this.ask("theme-values", { theme: base });
    this.values = new Map(values.map(([k, l, hex]) => [k, [l, hex]]));
    await this.parseFraming(this.overrides);
    await this.ask("clear-files");
    for (const [path, bytes] of this.files) await this.ask("put", { path, bytes });
    await this.write();
    this.render();
    // The framing views of the pictures given (each decoded once), after the first redraw.
    setTimeout(() => { for (const k of this.keys) if (k.framed && this.overrides.has(k.path)) this.showFrame(k); }, 0);
  }

  /// Shows picture key `k`'s framing view, for a PNG or JPEG of the folder.
  async showFrame(k) {
    const view = this.views.get(k.path);
    if (!view) return;
    const file = this.fileOf(k.path);
    const bytes = this.files.get(`${FOLDER}/${file}`);
    if (!bytes) { view.hide(); return; }
    try {
      const { info } = await this.pictureInfo(file, bytes);
      if (info[0] === "svg") { view.hide(); return; }
      const framed = this.framing.get(k.path);
      await view.show(bytes, [Number(info[1]), Number(info[2])], info.slice(3, 7).map(Number), framed ? framed.frame : null);
    } catch (_) {
      view.hide();
    }
  }

  /// The framing of picture key `k` changed in its view (`frame` null: the automatic frame).
  async reframe(k, frame) {
    const file = this.fileOf(k.path);
    if (!file) return;
    let literal = lit(file);
    if (frame) {
      literal = (await this.ask("picture-literal", { file, ...frame })).literal;
      this.framing.set(k.path, { file, frame });
    } else this.framing.delete(k.path);
    await this.set(k.path, literal);
  }

  /// Writes the theme file into the folder (when edited).
  async write() {
    if (!this.edited) return;
    const keys = [...this.overrides.keys()], literals = keys.map((k) => this.overrides.get(k));
    const { text } = await this.ask("write-theme", { base: this.base, keys, literals });
    this.text = text;
    await this.ask("put", { path: THEME_PATH, bytes: new TextEncoder().encode(text) });
  }

  /// The literal in force for `key`.
  value(key) { return this.overrides.get(key) ?? (this.values.get(key) || [""])[0]; }

  async set(key, literal) {
    if (key === "counters.layout" && literal === lit("picture")) this.warm();
    if (literal === null || literal === (this.values.get(key) || [])[0]) this.overrides.delete(key);
    else this.overrides.set(key, literal);
    await this.write();
    this.changed();
  }

  /// The label and description of key `k` in the page's language, else in
  /// English, else the key's own name and the library's description.
  words(k) {
    const mine = (THEME_WORDS[this.lang] || {})[k.path], en = THEME_WORDS.en[k.path];
    return [(mine || en || [])[0] || k.path.split(".").pop().replace(/_/g, " "), (mine || en || [])[1] || k.doc];
  }

  /// The name shown for choice `value`, in the page's language.
  choiceName(value) {
    return (CHOICE_WORDS[this.lang] || {})[value] || CHOICE_WORDS.en[value] || value;
  }

  /// Shows the controls' words in language `lang` (the page's new language).
  setLang(lang) {
    if (lang === this.lang) return;
    this.lang = lang;
    this.relabel();
  }

  /// Puts the words of the page's language on the controls already built:
  /// legends, labels, descriptions, choice names and buttons. Values, ids and
  /// whatever the user chose stay as they are.
  relabel() {
    for (const group of this.root.querySelectorAll("fieldset.keys[data-section]")) {
      const section = group.dataset.section;
      group.querySelector("legend").textContent = this.t(`keys-${section}`) || section;
    }
    for (const row of this.root.querySelectorAll(".key[data-key]")) {
      const k = this.keys.find((x) => x.path === row.dataset.key);
      if (!k) continue;
      const id = `key-${k.path.replace(/\./g, "-")}`;
      const [name, doc] = this.words(k);
      const label = row.querySelector(`label[for="${id}"]`);
      label.textContent = name;
      label.title = doc;
      row.querySelector(".doc").textContent = doc;
      const pickerLabel = row.querySelector(`label[for="${id}-picker"]`);
      if (pickerLabel) pickerLabel.textContent = `${name} (${this.t("picker")})`;
      if (k.kind === "choice") for (const o of row.querySelector("select").options) o.textContent = this.choiceName(o.value);
      const view = this.views.get(k.path);
      if (view) view.relabel();
      const clear = row.querySelector("button.reset");
      if (clear) {
        clear.textContent = this.t("reset");
        clear.setAttribute("aria-label", `${this.t("reset")}: ${name}`);
      }
      const shown = row.querySelector(".file-name");
      if (shown && shown.dataset.none) shown.textContent = this.t("none");
    }
  }

  /// Builds the controls.
  render() {
    const root = this.root;
    root.replaceChildren();
    this.views = new Map();
    for (const section of SECTIONS) {
      const keys = this.keys.filter((k) => k.path.startsWith(`${section}.`));
      if (!keys.length) continue;
      const group = document.createElement("fieldset");
      group.className = "keys";
      group.dataset.section = section;
      group.append(document.createElement("legend"));
      for (const k of keys) group.append(this.control(k));
      root.append(group);
    }
    this.relabel();
  }

  control(k) {
    const id = `key-${k.path.replace(/\./g, "-")}`;
    const row = document.createElement("div");
    row.className = `key key-${k.kind}`;
    row.dataset.key = k.path;
    // The words (label, description, choice names, buttons) come from relabel().
    const label = document.createElement("label");
    label.htmlFor = id;
    const help = document.createElement("span");
    help.className = "doc";
    help.id = `${id}-doc`;
    const note = document.createElement("p");
    note.className = "warn";
    note.id = `${id}-warn`;
    note.setAttribute("role", "status");
    note.hidden = true;
    const literal = this.value(k.path);
    let input;
    if (k.kind === "color") {
      const hex = this.overrides.has(k.path) ? "" : (this.values.get(k.path) || [])[1];
      input = document.createElement("input");
      input.type = "text";
      input.id = id;
      input.value = unquote(literal);
      input.spellcheck = false;
      const picker = document.createElement("input");
      picker.type = "color";
      picker.id = `${id}-picker`;
      picker.value = hex || "#000000";
      const pickerLabel = document.createElement("label");
      pickerLabel.htmlFor = picker.id;
      pickerLabel.className = "sr-only";
      if (!hex) this.ask("colour-hex", { text: unquote(literal) }).then((r) => { if (r.hex) picker.value = r.hex; });
      picker.addEventListener("input", () => { input.value = picker.value; this.set(k.path, lit(picker.value)); });
      input.addEventListener("change", async () => {
        const { hex: h } = await this.ask("colour-hex", { text: input.value.trim() });
        if (!h) { this.warn(k.path, this.t("not-colour")); return; }
        picker.value = h;
        this.set(k.path, lit(input.value.trim()));
      });
      row.append(label, pickerLabel, picker, input);
    } else if (k.kind === "choice") {
      input = document.createElement("select");
      input.id = id;
      for (const c of k.choices) input.append(new Option(c, c, false, c === unquote(literal)));
      input.addEventListener("change", () => this.set(k.path, lit(input.value)));
      row.append(label, input);
    } else if (k.kind === "bool") {
      input = document.createElement("input");
      input.type = "checkbox";
      input.id = id;
      input.checked = literal === "true";
      input.addEventListener("change", () => this.set(k.path, String(input.checked)));
      row.append(input, label);
    } else if (k.kind === "mm" || k.kind === "number") {
      input = document.createElement("input");
      input.type = "number";
      input.id = id;
      input.min = k.min; input.max = k.max;
      input.step = k.kind === "mm" ? "0.05" : "0.01";
      input.value = Number(literal);
      input.addEventListener("change", () => {
        const v = Number(input.value);
        if (!(v >= k.min && v <= k.max)) { this.warn(k.path, this.t("range")(k.min, k.max)); return; }
        this.set(k.path, String(v));
      });
      row.append(label, input);
    } else if (k.kind === "picture" || k.kind === "fonts") {
      const picture = k.kind === "picture";
      input = document.createElement("input");
      input.type = "file";
      input.id = id;
      input.accept = picture ? PICTURE_TYPES : FONT_TYPES;
      const shown = document.createElement("span");
      shown.className = "file-name";
      this.showName(shown, this.fileOf(k.path, literal));
      const clear = document.createElement("button");
      clear.type = "button";
      clear.className = "reset";
      clear.addEventListener("click", () => {
        const old = this.overrides.get(k.path);
        if (old) { this.files.delete(`${FOLDER}/${this.fileOf(k.path)}`); this.version++; }
        this.framing.delete(k.path);
        if (this.views.has(k.path)) this.views.get(k.path).hide();
        this.showName(shown, unquote((this.values.get(k.path) || [""])[0]));
        input.value = "";
        this.set(k.path, null);
      });
      input.addEventListener("change", () => this.upload(k, input, shown));
      if (picture) for (const on of ["pointerdown", "focus"]) input.addEventListener(on, () => this.warm());
      if (picture) row.addEventListener("dragenter", () => this.warm());
      row.append(label, input, shown, clear);
      if (k.framed) this.views.set(k.path, new Framing({ row, id, t: this.t, commit: (frame) => this.reframe(k, frame) }));
      row.addEventListener("dragover", (e) => e.preventDefault());
      row.addEventListener("drop", (e) => {
        e.preventDefault();
        if (e.dataTransfer.files.length) { input.files = e.dataTransfer.files; this.upload(k, input, shown); }
      });
    } else {
      input = document.createElement("input");
      input.type = "text";
      input.id = id;
      input.value = unquote(literal);
      input.addEventListener("change", () => this.set(k.path, lit(input.value)));
      row.append(label, input);
    }
    input.setAttribute("aria-describedby", `${help.id} ${note.id}`);
    row.append(help, note);
    return row;
  }

  /// A picture or font from the device: checked like the command line checks
  /// it, put in the folder, and named by the theme.
  async upload(k, input, shown) {
    const file = input.files && input.files[0];
    if (!file) return;
    // Several photos chosen at once: the pages are made after the last.
    this.reading++;
    try {
      await this.read(k, input, shown, file);
    } finally {
      if (--this.reading === 0) this.changed(true);
    }
  }

  async read(k, input, shown, file) {
    let bytes = new Uint8Array(await file.arrayBuffer());
    // A photo larger than it prints is scaled by the browser before the
    // core sees it: what is kept, shown, saved and printed is that copy.
    let original = null;
    if (k.kind === "picture") {
      const r = await shrink(bytes.slice(), this.longest(k.path)).catch(() => null);
      if (r && r.bytes) { original = [r.width, r.height]; bytes = r.bytes; }
    }
    const dir = k.kind === "picture" ? "pictures" : "fonts";
    const rel = `${dir}/${k.path.split(".")[1]}-${safe(file.name)}`;
    let info = null;
    if (k.kind === "picture") {
      try {
        ({ info } = await this.pictureInfo(file.name, bytes));
        const px = original ? `${original[0]} × ${original[1]} → ${info[1]} × ${info[2]} px` : `${info[1]} × ${info[2]} px`;
        this.showName(shown, `${file.name} (${info[0].toUpperCase()}${Number(info[1]) ? `, ${px}` : ""})`);
      } catch (e) {
        this.warn(k.path, e.error || String(e));
        input.value = "";
        return;
      }
    } else this.showName(shown, file.name);
    const old = this.overrides.get(k.path);
    if (old) this.files.delete(`${FOLDER}/${this.fileOf(k.path)}`);
    this.framing.delete(k.path);
    const path = `${FOLDER}/${rel}`;
    this.files.set(path, bytes);
    this.version++;
    await this.ask("put", { path, bytes });
    this.warn(k.path, "");
    await this.set(k.path, lit(rel));
    // A PNG or JPEG is framed in its row, starting from the automatic frame.
    const view = this.views.get(k.path);
    if (view && info && info[0] !== "svg") view.show(bytes, [Number(info[1]), Number(info[2])], info.slice(3, 7).map(Number), null);
    else if (view) view.hide();
  }

  /// Shows the file `name` in `shown`, or the page's word for none.
  showName(shown, name) {
    shown.textContent = name || this.t("none");
    if (name) delete shown.dataset.none;
    else shown.dataset.none = "1";
  }

  /// Shows `message` beside the control of `key` (empty: hides it).
  warn(key, message) {
    const el = document.getElementById(`key-${key.replace(/\./g, "-")}-warn`);
    if (!el) return false;
    el.textContent = message;
    el.hidden = !message;
    return true;
  }

  /// Shows each [key, message] beside its control; the others are cleared.
  warnAll(pairs) {
    for (const el of this.root.querySelectorAll(".warn")) { el.hidden = true; el.textContent = ""; }
    const left = [];
    const byKey = new Map();
    for (const [key, m] of pairs) byKey.set(key, [...(byKey.get(key) || []), m]);
    // A picture printed at several sizes is noted once per size: beside its
    // control the first note is enough (the others differ only in size).
    for (const [key, ms] of byKey) if (!key || !this.warn(key, ms[0])) left.push(...ms);
    return left;
  }

  /// The zip's files: the theme and every file it names, under my-theme/.
  entries() {
    const enc = new TextEncoder();
    const text = this.edited ? this.text : `extends = ${lit(this.base)}\n`;
    const named = new Set([...this.overrides.keys()].map((key) => `${FOLDER}/${this.fileOf(key)}`));
    const files = [...this.files].filter(([p]) => named.has(p)).sort(([a], [b]) => (a < b ? -1 : 1));
    return [[THEME_PATH, enc.encode(text)], ...files];
  }

  /// Loads a theme file's text and the files beside it (paths relative to it).
  async load(text, siblings) {
    const { flat } = await this.ask("read-theme", { text });
    let base = "classic";
    const overrides = new Map(), files = new Map();
    for (let i = 0; i + 1 < flat.length; i += 2) {
      const [key, literal] = [flat[i], flat[i + 1]];
      if (key === "extends") { base = unquote(literal); continue; }
      if (key === "name" || key === "description") continue;
      overrides.set(key, literal);
      const parts = literal.trim().startsWith("{") ? (await this.ask("picture-parts", { literal })).parts : [];
      const rel = parts.length ? parts[0] : unquote(literal);
      if (typeof rel === "string" && siblings.has(rel)) files.set(`${FOLDER}/${rel}`, siblings.get(rel));
    }
    if (base.includes("/") || base.endsWith(".toml")) throw new Error(this.t("extends-file"));
    await this.start(base, overrides, files);
  }
}
