"""Makes phone-like photos of children's drawings for benches/pictures.sh.

    python3 benches/photos.py OUT_DIR [MEGAPIXELS] [--png-bars]

Writes elephant.jpg … rat.jpg (the eight animals of the standard game) into
OUT_DIR: each a 4:3 photo (12 megapixels by default, 4000 × 3000) of a sheet
of paper lying on a wooden table, a coloured crayon drawing on it, the light
falling off across the sheet, a soft shadow along two edges of the paper, a
little sensor noise; saved at JPEG quality 92 as phones do. Two of them are
stored turned, as phones store portrait photos, with an EXIF orientation
(6 and 8); one (the cat) is a screenshot of such a photo with black bars,
saved as PNG, when --png-bars is given. Needs Pillow and NumPy. The same
arguments make the same files (fixed seeds).
"""
import os
import sys

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

ANIMALS = ["elephant", "lion", "tiger", "leopard", "wolf", "dog", "cat", "rat"]


def photo(seed, width, height):
    rng = np.random.default_rng(seed)
    h, w = height, width
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    # The table: warm wood with grain.
    grain = np.sin(xx / w * 60 + np.sin(yy / h * 7) * 3) * 12
    table = np.stack([120 + grain, 80 + grain * 0.7, 50 + grain * 0.4], axis=-1)
    img = table
    # The sheet: a slightly turned rectangle, about 60 % of the frame.
    pw, ph = w * (0.52 + 0.08 * rng.random()), h * (0.62 + 0.1 * rng.random())
    cx, cy = w * (0.5 + 0.06 * (rng.random() - 0.5)), h * (0.5 + 0.06 * (rng.random() - 0.5))
    angle = np.deg2rad(rng.uniform(-4, 4))
    ca, sa = np.cos(angle), np.sin(angle)
    u = (xx - cx) * ca + (yy - cy) * sa
    v = -(xx - cx) * sa + (yy - cy) * ca
    inside = (np.abs(u) < pw / 2) & (np.abs(v) < ph / 2)
    # Shadow: the sheet's shape moved down-right and blurred, on the table.
    shadow = Image.fromarray((inside * 255).astype(np.uint8)).filter(
        ImageFilter.GaussianBlur(w / 150))
    shadow = np.roll(np.asarray(shadow, np.float32) / 255, (int(h / 90), int(w / 90)), (0, 1))
    img = img * (1 - 0.45 * shadow[..., None])
    paper = np.array([236, 232, 222], np.float32)
    img = np.where(inside[..., None], paper, img)
    # The drawing: crayon strokes and filled shapes inside the sheet.
    layer = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    dw, dh = pw * 0.55, ph * 0.5
    ox, oy = cx - dw / 2 + rng.uniform(-0.1, 0.1) * pw, cy - dh / 2 + rng.uniform(-0.1, 0.1) * ph
    colours = [(200, 40, 30), (30, 90, 190), (40, 150, 60), (240, 170, 20), (90, 50, 30)]
    for i in range(7):
        c = colours[i % len(colours)]
        x0, y0 = ox + rng.random() * dw * 0.7, oy + rng.random() * dh * 0.7
        x1, y1 = x0 + dw * (0.15 + 0.3 * rng.random()), y0 + dh * (0.15 + 0.3 * rng.random())
        d.ellipse([x0, y0, x1, y1], fill=c + (200,), outline=(30, 30, 30, 255), width=int(w / 250))
    pts = [(ox + rng.random() * dw, oy + rng.random() * dh) for _ in range(12)]
    d.line(pts, fill=(20, 20, 20, 255), width=int(w / 200), joint="curve")
    drawing = np.asarray(layer, np.float32)
    a = drawing[..., 3:4] / 255 * inside[..., None]
    img = img * (1 - a) + drawing[..., :3] * a * (img / paper.max())
    # Light falling off across the frame (a lamp at one side).
    fall = 1.0 - 0.38 * ((xx / w) * 0.8 + (yy / h) * 0.4)
    img = img * fall[..., None]
    img = img + rng.normal(0, 3, img.shape)
    return Image.fromarray(np.clip(img, 0, 255).astype(np.uint8))


def main():
    out = sys.argv[1]
    mp = float(sys.argv[2]) if len(sys.argv) > 2 and not sys.argv[2].startswith("-") else 12
    bars = "--png-bars" in sys.argv
    os.makedirs(out, exist_ok=True)
    h = int(round((mp * 1e6 * 3 / 4) ** 0.5))
    w = int(round(h * 4 / 3))
    for i, name in enumerate(ANIMALS):
        img = photo(i + 1, w, h)
        if bars and name == "cat":
            # A phone screenshot: the photo upright in the middle of a tall screen.
            shot = Image.new("RGB", (1170, 2532), (0, 0, 0))
            small = img.resize((1170, int(1170 * h / w)), Image.LANCZOS)
            shot.paste(small, (0, (2532 - small.height) // 2))
            shot.save(os.path.join(out, name + ".png"))
            continue
        exif = Image.Exif()
        # Stored turned, as a phone stores a portrait photo: orientation 6
        # (turn 90° clockwise to show) or 8 (90° anticlockwise).
        orientation = {1: 6, 4: 8}.get(i, 1)
        if orientation == 6:
            img = img.transpose(Image.Transpose.ROTATE_90)
        elif orientation == 8:
            img = img.transpose(Image.Transpose.ROTATE_270)
        exif[0x0112] = orientation
        img.save(os.path.join(out, name + ".jpg"), quality=92, exif=exif.tobytes())


if __name__ == "__main__":
    main()
