// The work in progress (choices, theme keys, pictures and fonts) kept in this
// browser's IndexedDB, so a reload or a restart finds it again. Nothing leaves
// the browser; forget() deletes it all.
const DB = "jungle-print", STORE = "work", KEY = "current", FILES = "files", PAGES = "pages";

function open() {
  return new Promise((resolve, reject) => {
    const r = indexedDB.open(DB, 1);
    r.onupgradeneeded = () => r.result.createObjectStore(STORE);
    r.onsuccess = () => resolve(r.result);
    r.onerror = () => reject(r.error);
  });
}
function run(mode, f) {
  return open().then((db) => new Promise((resolve, reject) => {
    const t = db.transaction(STORE, mode);
    const req = f(t.objectStore(STORE));
    t.oncomplete = () => { db.close(); resolve(req && req.result); };
    t.onerror = () => { db.close(); reject(t.error); };
  }));
}
/// The kept work (choices and theme keys), or null.
export const load = () => run("readonly", (s) => s.get(KEY)).catch(() => null);
/// The kept pictures and fonts, [path, Uint8Array] pairs.
export const loadFiles = () => run("readonly", (s) => s.get(FILES)).then((f) => f || []).catch(() => []);
/// Keeps `work` (a structured-clonable object): small, written on every change.
export const keep = (work) => run("readwrite", (s) => s.put(work, KEY)).catch(() => {});
/// Keeps the pictures and fonts: written only when they change.
export const keepFiles = (files) => run("readwrite", (s) => s.put(files, FILES)).catch(() => {});
/// The pages last made ({ key, svgs, sizes, lines, commandLine }), or null.
export const loadPages = () => run("readonly", (s) => s.get(PAGES)).catch(() => null);
/// Keeps the pages last made: a reload shows them at once (the photos in
/// them framed and at print resolution) while the core makes them again.
export const keepPages = (pages) => run("readwrite", (s) => s.put(pages, PAGES)).catch(() => {});
/// Deletes everything kept.
export const forget = () => run("readwrite", (s) => { s.delete(FILES); s.delete(PAGES); return s.delete(KEY); }).catch(() => {});
