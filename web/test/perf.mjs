// Where the web page's time goes in print-shop mode, without a browser (node
// runs the same wasm as the page's worker): a set with eight phone photos
// (benches/photos.py) in a theme, made for a print shop; each step timed.
//   python3 benches/photos.py /tmp/photos 12
//   node test/perf.mjs /tmp/photos [runs]
import { readFileSync, readdirSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import * as core from "../dist/pkg/jungle_print_web.js";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, "..", "..");
const dir = process.argv[2];
const runs = Number(process.argv[3] || 2);
const t = () => performance.now();
let t0 = t();
core.initSync({ module: readFileSync(join(here, "../dist/pkg/jungle_print_web_bg.wasm")) });
console.log(`init: ${(t() - t0).toFixed(0)} ms`);
t0 = t();
core.load_kai(readFileSync(join(root, "fonts/JungleKai-Regular.ttf")));
core.load_output_profile(readFileSync(join(root, "profiles/coated-fogra39.icc")));
console.log(`whole Kai and the profile handed over: ${(t() - t0).toFixed(0)} ms`);

const keys = [], literals = [];
if (dir) {
  for (const f of readdirSync(dir).sort()) {
    const animal = f.replace(/\.\w+$/, "");
    core.put_file(`my-theme/${f}`, readFileSync(join(dir, f)));
    keys.push(`pictures.${animal}`);
    literals.push(JSON.stringify(f));
  }
  keys.push("counters.layout");
  literals.push('"picture"');
}
core.put_file("my-theme/theme.toml", new TextEncoder().encode(core.write_theme("classic", keys, literals)));

for (let run = 0; run < runs; run++) {
  for (const purpose of ["home", "print-shop"]) {
    const r = new core.Request();
    r.set("theme", "my-theme/theme.toml");
    r.set("for", purpose);
    if (purpose === "print-shop") r.set("bleed", "3");
    // The previews, as the page's worker asks for them: one SVG per page.
    t0 = t();
    const previews = core.Set.previews(r);
    const svg = t() - t0;
    let svgBytes = 0;
    for (let i = 0; i < previews.files; i++) svgBytes += previews.text(i).length;
    const pages = previews.pages;
    previews.free();
    // The download: the PDF the command line writes for the same options.
    r.set("format", "pdf");
    t0 = t();
    const set = new core.Set(r);
    const pdfMs = t() - t0;
    let pdfBytes = 0;
    for (let i = 0; i < set.files; i++) pdfBytes += set.bytes(i).length;
    set.free();
    console.log(`run ${run + 1} ${purpose}: ${pages} SVG previews ${svg.toFixed(0)} ms (${svgBytes} B), PDF ${pdfMs.toFixed(0)} ms (${pdfBytes} B)`);
  }
}
