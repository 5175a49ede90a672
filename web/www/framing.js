// Framing a picture by hand in the theme maker: the picture's row shows the
// picture as its counter face frames it; dragging moves the picture (one
// pointer: mouse, pen or finger), two fingers pinch to zoom, the zoom control
// and the mouse wheel zoom too, the arrow keys move it and + / − zoom. It
// starts from the automatic frame (the drawing found in a photo, from the
// core). The framing is the theme key's table form, `{ file, crop, zoom,
// focus }`, fractions of the upright picture: `crop` the automatic frame,
// `zoom` and `focus` what the hands did.

/// Zoom allowed by the control (the theme allows 0.1 to 10).
export const ZOOM = [0.5, 6];
/// Pixels of the framing view (drawn at twice its CSS size).
const VIEW = 320;
/// Longest side of the copy of the picture the view draws from, pixels.
const COPY = 1024;

const clamp = (v, lo, hi) => Math.min(Math.max(v, lo), hi);
const round = (v, k = 1e4) => Math.round(v * k) / k;

/// The part of the upright picture a frame shows, `[x, y, w, h]` fractions:
/// the library's `picture::frame::frame_box` (the core's `frame_fractions`),
/// computed here too so that a drag answers at once; web/test/api.mjs checks
/// that both agree.
export function frameBox(crop, zoom, focus) {
  let b = crop ? [...crop] : [0, 0, 1, 1];
  const z = zoom || 1;
  if (z !== 1 || focus) {
    const [cx, cy] = focus || [b[0] + b[2] / 2, b[1] + b[3] / 2];
    const w = Math.min(b[2] / z, 1), h = Math.min(b[3] / z, 1);
    b = [clamp(cx - w / 2, 0, 1 - w), clamp(cy - h / 2, 0, 1 - h), w, h];
  }
  return b;
}

/// The crop a theme can hold for the automatic frame `auto`: rounded to four
/// decimals, inside the picture.
function cropOf(auto) {
  const x = Math.floor(auto[0] * 1e4) / 1e4, y = Math.floor(auto[1] * 1e4) / 1e4;
  return [x, y, Math.min(round(auto[2]), round(1 - x)), Math.min(round(auto[3]), round(1 - y))];
}

export class Framing {
  /// `row`: the picture key's row; `id`: its control's id; `t(key)`: the
  /// page's words; `commit(frame)`: called with `{ crop, zoom, focus }` (or
  /// null: the automatic frame) when a drag, pinch or zoom ends.
  constructor({ row, id, t, commit }) {
    Object.assign(this, { t, commit });
    this.box = document.createElement("div");
    this.box.className = "framing";
    this.box.hidden = true;
    this.canvas = document.createElement("canvas");
    this.canvas.width = this.canvas.height = VIEW;
    this.canvas.id = `${id}-frame`;
    this.canvas.tabIndex = 0;
    this.canvas.setAttribute("role", "img");
    this.hint = document.createElement("span");
    this.hint.className = "doc";
    this.hint.id = `${id}-frame-hint`;
    this.canvas.setAttribute("aria-describedby", this.hint.id);
    this.zoomLabel = document.createElement("label");
    this.zoomLabel.htmlFor = `${id}-zoom`;
    this.zoom = document.createElement("input");
    this.zoom.type = "range";
    this.zoom.id = `${id}-zoom`;
    [this.zoom.min, this.zoom.max] = ZOOM.map(String);
    this.zoom.step = "0.01";
    this.auto = document.createElement("button");
    this.auto.type = "button";
    this.auto.className = "frame-auto";
    this.box.append(this.canvas, this.hint, this.zoomLabel, this.zoom, this.auto);
    row.append(this.box);
    this.relabel();
    this.pointers = new Map();
    this.listen();
  }

  relabel() {
    this.canvas.setAttribute("aria-label", this.t("frame-view"));
    this.hint.textContent = this.t("frame-hint");
    this.zoomLabel.textContent = this.t("frame-zoom");
    this.auto.textContent = this.t("frame-auto");
  }

  /// Shows picture `bytes` (upright `size` [w, h] pixels) framed from the
  /// automatic frame `auto` and the kept `frame` ({ crop, zoom, focus } or
  /// null).
  async show(bytes, size, auto, frame) {
    this.size = size;
    this.autoBox = auto;
    this.set(frame);
    try {
      const k = Math.min(1, COPY / Math.max(size[0], size[1], 1));
      this.image = await createImageBitmap(new Blob([bytes]), {
        imageOrientation: "from-image",
        resizeWidth: Math.max(1, Math.round(size[0] * k)),
        resizeHeight: Math.max(1, Math.round(size[1] * k)),
        resizeQuality: "medium",
      });
    } catch (_) {
      this.image = null; // the browser cannot show it: the set still can
    }
    this.box.hidden = !this.image;
    this.draw();
  }

  hide() { this.box.hidden = true; this.image = null; }

  set(frame) {
    this.crop = frame && frame.crop ? frame.crop : cropOf(this.autoBox || [0, 0, 1, 1]);
    this.z = frame && frame.zoom ? frame.zoom : 1;
    this.focus = frame && frame.focus ? frame.focus : null;
    this.zoom.value = String(this.z);
  }

  /// The frame as the theme writes it.
  get frame() {
    return { crop: this.crop, zoom: round(this.z, 1e3), focus: this.focus && this.focus.map((v) => round(v)) };
  }

  /// The framed part, contained in the square view as the face's frame
  /// contains it.
  draw() {
    const g = this.canvas.getContext("2d");
    g.fillStyle = "#f4efe4";
    g.fillRect(0, 0, VIEW, VIEW);
    if (!this.image) return;
    const [x, y, w, h] = frameBox(this.crop, this.z, this.focus);
    const iw = this.image.width, ih = this.image.height;
    const aspect = (w * this.size[0]) / (h * this.size[1]);
    const [dw, dh] = aspect > 1 ? [VIEW, VIEW / aspect] : [VIEW * aspect, VIEW];
    this.drawn = [dw, dh];
    g.drawImage(this.image, x * iw, y * ih, w * iw, h * ih, (VIEW - dw) / 2, (VIEW - dh) / 2, dw, dh);
    this.canvas.dataset.frame = [x, y, w, h].map((v) => round(v)).join(",");
  }

  /// Moves the picture by (dx, dy) view pixels (the frame the other way).
  move(dx, dy) {
    const [x, y, w, h] = frameBox(this.crop, this.z, this.focus);
    const [dw, dh] = this.drawn || [VIEW, VIEW];
    const b = frameBox(this.crop, this.z, [x + w / 2 - (dx / dw) * w, y + h / 2 - (dy / dh) * h]);
    this.focus = [b[0] + b[2] / 2, b[1] + b[3] / 2];
    this.draw();
  }

  zoomTo(z) {
    const b = frameBox(this.crop, this.z, this.focus);
    this.z = clamp(z, ZOOM[0], ZOOM[1]);
    this.focus = this.focus || [b[0] + b[2] / 2, b[1] + b[3] / 2];
    this.zoom.value = String(this.z);
    this.draw();
  }

  done() { this.commit(this.frame); }

  listen() {
    const c = this.canvas;
    const scale = () => VIEW / (c.clientWidth || VIEW);
    const spread = () => {
      const [a, b] = [...this.pointers.values()];
      return Math.hypot(a.x - b.x, a.y - b.y) || 1;
    };
    c.addEventListener("pointerdown", (e) => {
      e.preventDefault();
      try { c.setPointerCapture(e.pointerId); } catch (_) { /* a synthetic pointer */ }
      this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      if (this.pointers.size === 2) { this.pinch = { spread: spread(), zoom: this.z }; }
    });
    c.addEventListener("pointermove", (e) => {
      const p = this.pointers.get(e.pointerId);
      if (!p) return;
      const dx = e.clientX - p.x, dy = e.clientY - p.y;
      p.x = e.clientX; p.y = e.clientY;
      if (this.pointers.size === 1) this.move(dx * scale(), dy * scale());
      else if (this.pinch) this.zoomTo(this.pinch.zoom * (spread() / this.pinch.spread));
      this.moved = true;
    });
    const up = (e) => {
      if (!this.pointers.delete(e.pointerId)) return;
      if (this.pointers.size < 2) this.pinch = null;
      if (this.pointers.size === 0 && this.moved) { this.moved = false; this.done(); }
    };
    c.addEventListener("pointerup", up);
    c.addEventListener("pointercancel", up);
    c.addEventListener("wheel", (e) => {
      e.preventDefault();
      this.zoomTo(this.z * Math.exp(-e.deltaY / 500));
      clearTimeout(this.wheelTimer);
      this.wheelTimer = setTimeout(() => this.done(), 300);
    }, { passive: false });
    c.addEventListener("keydown", (e) => {
      const step = VIEW / 20;
      const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
      if (moves[e.key]) this.move(...moves[e.key]);
      else if (e.key === "+" || e.key === "=") this.zoomTo(this.z * 1.1);
      else if (e.key === "-") this.zoomTo(this.z / 1.1);
      else return;
      e.preventDefault();
      clearTimeout(this.keyTimer);
      this.keyTimer = setTimeout(() => this.done(), 300);
    });
    this.zoom.addEventListener("input", () => this.zoomTo(Number(this.zoom.value)));
    this.zoom.addEventListener("change", () => this.done());
    this.auto.addEventListener("click", () => { this.set(null); this.draw(); this.commit(null); });
  }
}
