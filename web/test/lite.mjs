// The page's first core (web/dist/lite/, feature `lite`) against the whole
// core (web/dist/pkg/), without a browser (node): the same lists, names and
// option table; the same previews, warnings and lines for what it makes;
// a refusal (then the page asks the whole core) for what it leaves out.
// Run after web/build.sh:  node test/lite.mjs
import { readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import * as lite from "../dist/lite/jungle_print_web.js";
import * as whole from "../dist/pkg/jungle_print_web.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
lite.initSync({ module: readFileSync(join(here, "../dist/lite/jungle_print_web_bg.wasm")) });
whole.initSync({ module: readFileSync(join(here, "../dist/pkg/jungle_print_web_bg.wasm")) });
let failed = 0;
const ok = (cond, what) => { console.log(`${cond ? "ok  " : "FAIL"} ${what}`); if (!cond) failed++; };
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

ok(lite.first_core() === true && !("first_core" in whole), "the first core says so, the whole core has no such call");
const lists = (core) => {
  const b = new core.Builtins();
  const l = { themes: b.themes, langs: b.langs, rulesets: b.rulesets, papers: b.papers };
  b.free();
  l.names = l.langs.map((c) => core.lang_name(c));
  l.table = core.option_table().map((t) => {
    const o = [t.name, t.kind, t.min, t.max, t.unit, t.default, t.choices, t.choice_help, t.commands, t.label, t.help, t.output];
    t.free();
    return o;
  });
  l.keys = core.theme_keys().map((k) => {
    const o = [k.path, k.kind, k.min, k.max, k.choices, k.doc, k.framed];
    k.free();
    return o;
  });
  l.values = l.themes.map((t) => core.theme_values(t));
  return l;
};
const [a, b] = [lists(lite), lists(whole)];
for (const k of Object.keys(b)) ok(same(a[k], b[k]), `the same ${k} (${b[k].length})`);
ok(same(a.names, ["English", "Français", "繁體中文", "简体中文"]), `the packs' names: ${a.names.join(", ")}`);

/// The previews of a request as each core makes them, or its refusal.
function previews(core, command, options) {
  const r = new core.Request();
  r.command = command;
  for (const [k, v] of Object.entries(options)) r.set(k, String(v));
  try {
    const s = core.Set.previews(r);
    const out = { svgs: [...Array(s.files).keys()].map((i) => s.text(i)), what: s.what, warnings: s.warnings, keys: s.warning_keys, command: s.command_line, title: s.title };
    s.free();
    return out;
  } catch (e) {
    return { refused: `${e.code}: ${e.message}` };
  }
}
const made = [
  ["set", { lang: "en" }], ["set", { lang: "fr", theme: "traditional", paper: "letter" }],
  ["set", { lang: "en", theme: "kids", sides: "duplex" }], ["counters", { lang: "en", theme: "ink-saver", for: "laser" }],
  ["set", { lang: "en", theme: "high-contrast", copies: 2 }], ["set", { lang: "fr", ruleset: "fox" }],
  ["board", { lang: "en", paper: "a3" }], ["counters", { lang: "fr", size: 25 }], ["rules", { lang: "en", ruleset: "checkers" }],
  ["box", { lang: "en" }], ["preview", { lang: "en" }], ["set", { lang: "en", theme: "picture-book" }],
];
for (const [command, options] of made) {
  const [x, y] = [previews(lite, command, options), previews(whole, command, options)];
  const what = `${command} ${JSON.stringify(options)}`;
  ok(!x.refused && same(x, y), `${what}: the first core's previews are the whole core's (${y.svgs ? y.svgs.length : y.refused} pages)`);
}
// Left out: refused, so that the page asks the whole core.
const refused = [
  ["set", { lang: "zh-Hant" }], ["set", { lang: "zh-Hans", theme: "kids" }],
  ["poster", { lang: "en" }], ["puzzles", { lang: "en" }], ["board", { lang: "en", for: "tactile" }],
];
for (const [command, options] of refused) {
  const x = previews(lite, command, options);
  ok(x.refused, `${command} ${JSON.stringify(options)}: the first core refuses (${x.refused || "made"})`);
}
for (const format of ["pdf", "png", "html"]) {
  const r = new lite.Request();
  r.set("format", format);
  r.command = format === "html" ? "rules" : "set";
  let e = null;
  try { new lite.Set(r).free(); } catch (err) { e = err; }
  ok(e && e.code === "render", `a ${format} file: the first core refuses (${e && e.message})`);
}
if (failed) {
  console.log(`${failed} failed`);
  process.exit(1);
}
console.log("all passed");
