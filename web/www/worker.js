// Runs the core off the main thread. A panic in the core traps this worker;
// it reports the panic's message and the page starts a fresh worker.
import init, { Request, Set, Builtins, lang_name, take_panic, panic_for_test } from "./pkg/jungle_print_web.js";

const ready = init({ module_or_path: new URL("./pkg/jungle_print_web_bg.wasm", import.meta.url) });

function request(o) {
  const r = new Request();
  for (const [k, v] of Object.entries(o)) r[k] = v;
  return r;
}

self.onmessage = async (e) => {
  const { id, want, options, page, dpi } = e.data;
  try {
    await ready;
    if (want === "panic") panic_for_test();
    if (want === "builtins") {
      // The lists of the page's selects, from the library.
      const b = new Builtins();
      const lists = { themes: b.themes, langs: b.langs, rulesets: b.rulesets, papers: b.papers };
      b.free();
      lists.langNames = lists.langs.map((code) => lang_name(code));
      self.postMessage({ id, ok: true, ...lists });
      return;
    }
    const t0 = performance.now();
    const set = new Set(request(options));
    let reply;
    if (want === "previews") {
      const svgs = [], sizes = [];
      for (let i = 0; i < set.pages; i++) {
        svgs.push(set.svg(i, true));
        sizes.push(Array.from(set.size(i)));
      }
      reply = { svgs, sizes };
    } else if (want === "pdf") {
      reply = { bytes: set.pdf() };
    } else if (want === "svg") {
      reply = { text: set.svg(page, false) };
    } else if (want === "png") {
      reply = { bytes: set.png(page, dpi || 150) };
    }
    reply.ms = Math.round(performance.now() - t0);
    reply.title = set.title;
    set.free();
    self.postMessage({ id, ok: true, ...reply }, reply.bytes ? [reply.bytes.buffer] : []);
  } catch (err) {
    if (err instanceof WebAssembly.RuntimeError) {
      let message = "";
      try { message = take_panic(); } catch (_) { /* the instance is gone */ }
      self.postMessage({ id, ok: false, crashed: true, error: message || String(err) });
    } else {
      // A JobError names the control it is about (an option, or an uploaded file).
      const control = err && typeof err.control === "string" ? err.control : "";
      self.postMessage({ id, ok: false, control, error: err && err.message ? err.message : String(err) });
    }
  }
};
