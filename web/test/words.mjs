// The theme maker's words (www/theme-words.js) against the library's list of
// theme keys, without a browser: every key has a label and a description in
// each of the page's four languages, every choice a name, the English
// description is the library's own (so a changed one is seen and the other
// languages are looked at again), and no word is left for a key that is gone;
// the page's own words, and its words for the core's kinds of error.
// Run after web/build.sh:  node test/words.mjs
import { readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import * as core from "../dist/pkg/jungle_print_web.js";
import { THEME_WORDS, CHOICE_WORDS } from "../www/theme-words.js";
import { WORDS } from "../www/i18n.js";

const here = dirname(fileURLToPath(import.meta.url));
core.initSync({ module: readFileSync(join(here, "../dist/pkg/jungle_print_web_bg.wasm")) });
let failed = 0;
const fail = (what) => { console.log(`FAIL ${what}`); failed++; };

const keys = core.theme_keys().map((k) => {
  const o = { path: k.path, choices: k.choices, doc: k.doc };
  k.free();
  return o;
});
const langs = Object.keys(WORDS);
const filled = (w) => Array.isArray(w) && w.length === 2 && w.every((s) => typeof s === "string" && s.trim() !== "");
for (const lang of langs) {
  const words = THEME_WORDS[lang] || {}, names = CHOICE_WORDS[lang] || {};
  for (const k of keys) {
    if (!filled(words[k.path])) fail(`${lang}: no label and description for theme key ${k.path} in web/www/theme-words.js`);
    for (const c of k.choices) if (!names[c]) fail(`${lang}: no name for choice "${c}" of ${k.path} in CHOICE_WORDS`);
  }
  for (const path of Object.keys(words)) if (!keys.some((k) => k.path === path)) fail(`${lang}: words for ${path}, which is no theme key`);
  if (lang.startsWith("fr")) {
    // French typography: a narrow no-break space before : ; ! ? and curly apostrophes.
    for (const [path, w] of Object.entries(words)) {
      for (const s of w) {
        const plain = s.replace(/`[^`]*`/g, "");
        if (/[^\u202f][:;!?]/.test(plain) || /'/.test(plain)) fail(`fr: typography of ${path}: ${s}`);
      }
    }
  }
}
for (const k of keys) {
  const en = THEME_WORDS.en[k.path];
  if (en && en[1] !== k.doc) fail(`en: the description of ${k.path} changed in the library; copy it and look again at its translations:\n  ${k.doc}`);
}
// The page's own words (i18n.js): every language has every word English has.
for (const lang of langs) {
  for (const w of Object.keys(WORDS.en)) if (!(w in WORDS[lang])) fail(`${lang}: no word "${w}" in web/www/i18n.js`);
}
// The core's refusals, by kind (the library's `Error::kind`, see `error_kinds`):
// English shows the core's own message, so it has no words of its own; every
// other language words every kind but those the page shows in the core's words
// (SHOWN_AS_SAID: a new kind fails here until it is worded or listed), not in
// English, and words no kind the core does not have.
const kinds = core.error_kinds();
const SHOWN_AS_SAID = ["usage", "counter-wider-than-square", "source-date", "glyphs", "asset", "io", "render"];
if (WORDS.en.errors) fail("en: English words for the core's refusals; the page shows the core's own message in English");
for (const kind of kinds) {
  for (const lang of langs.filter((l) => l !== "en")) {
    const say = WORDS[lang].errors && WORDS[lang].errors[kind];
    if (SHOWN_AS_SAID.includes(kind)) {
      if (say) fail(`${lang}: words for "${kind}", which the page shows in the core's words (SHOWN_AS_SAID in test/words.mjs)`);
    } else if (typeof say !== "function") {
      fail(`${lang}: no words for the core's "${kind}" errors in web/www/i18n.js (or list it in SHOWN_AS_SAID)`);
    } else if (/\b(the|is|choose|give)\b/.test(say("F", "1", "2", "3", "mm"))) {
      fail(`${lang}: the "${kind}" error is in English`);
    }
  }
}
for (const lang of langs.filter((l) => l !== "en")) {
  for (const kind of Object.keys(WORDS[lang].errors || {})) if (!kinds.includes(kind)) fail(`${lang}: words for "${kind}", which is no kind of error the core has`);
}
const choices = new Set(keys.flatMap((k) => k.choices));
console.log(`${failed ? "FAIL" : "ok  "} ${keys.length} theme keys, ${choices.size} choice words and ${kinds.length} kinds of error in ${langs.join(", ")}`);
process.exit(failed ? 1 : 0);
