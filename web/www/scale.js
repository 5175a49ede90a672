// Pictures brought to the size they print at, with the browser's own decoder
// and scaler, off the main thread (a worker of theme.js). A 12-megapixel
// phone photo the core would decode in WebAssembly on every visit becomes a
// few hundred kilobytes of JPEG at the resolution its key needs; a picture
// already that small is left as it is (its bytes untouched).
//
// Message in: { id, bytes (Uint8Array), longest (pixels, the longest side
// kept), quality (0–1, JPEG) }. Out: { id, ok, width, height } (the picture
// as shown, upright), with { bytes, scaled: [w, h], type } when it was scaled.

/// "png" or "jpeg" from a file's first bytes, else "".
const kind = (b) => (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 ? "png"
  : b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff ? "jpeg" : "");

// One picture at a time, in the order chosen: several photos chosen at once
// are ready one by one for the core (which frames each as it comes) rather
// than all at the end, and only one 12-megapixel photo is decoded in memory.
let queue = Promise.resolve();
self.onmessage = (e) => { queue = queue.then(() => scale(e)); };

async function scale(e) {
  const { id, bytes, longest, quality } = e.data;
  try {
    const type = kind(bytes);
    if (!type) { self.postMessage({ id, ok: false, error: "not a PNG or JPEG" }); return; }
    // Decoded upright (a portrait photo stored turned, EXIF orientation 6 or
    // 8, comes out taller than wide), its colours as the browser shows them.
    const whole = await createImageBitmap(new Blob([bytes], { type: `image/${type}` }), { imageOrientation: "from-image" });
    const [w, h] = [whole.width, whole.height];
    if (Math.max(w, h) <= longest) {
      whole.close();
      self.postMessage({ id, ok: true, width: w, height: h });
      return;
    }
    const s = longest / Math.max(w, h);
    const [sw, sh] = [Math.max(1, Math.round(w * s)), Math.max(1, Math.round(h * s))];
    // The browser's high-quality downscaling (area-like filtering).
    const small = await createImageBitmap(whole, { resizeWidth: sw, resizeHeight: sh, resizeQuality: "high" });
    whole.close();
    const canvas = new OffscreenCanvas(sw, sh);
    canvas.getContext("2d").drawImage(small, 0, 0);
    small.close();
    // A PNG stays a PNG (its transparency, a drawing's flat colours); a photo is a JPEG again.
    const blob = await canvas.convertToBlob(type === "png" ? { type: "image/png" } : { type: "image/jpeg", quality });
    const out = new Uint8Array(await blob.arrayBuffer());
    self.postMessage({ id, ok: true, width: w, height: h, bytes: out, scaled: [sw, sh], type }, [out.buffer]);
  } catch (err) {
    self.postMessage({ id, ok: false, error: String(err && err.message ? err.message : err) });
  }
}
