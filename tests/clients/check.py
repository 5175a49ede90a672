#!/usr/bin/env python3
"""Real-client check: the files jungle-print writes, opened by the programs
people use (poppler, mupdf, Ghostscript, rsvg, Inkscape, Chromium), must agree.

Run by .ci/run after the unit tests:  python3 tests/clients/check.py BINARY
Needs: pdftoppm/pdfinfo (poppler-utils), mutool (mupdf-tools), gs
(ghostscript), qpdf, rsvg-convert (librsvg2-bin), inkscape, chromium, and the
Python packages Pillow and numpy. Exits 1 with a list of failures.

What it checks (issue 9):
  1. every page of the set, the counters in each mode and the board in two
     languages, rendered by poppler, mupdf and Ghostscript (PDF) and by rsvg and
     Inkscape (outlined SVG): pixel agreement >= 98 % between any two (after a
     3 x 3 blur, at 100 dpi), and the ink (text and lines) of each rendering
     found in every other within 2 px (0.5 mm);
  2. merged PDFs (Ghostscript, qpdf, pdfunite): no missing glyph, and the merged
     pages look like the originals;
  3. duplex backs behind their fronts within 0.1 mm, measured on rendered pages,
     on A4 portrait, A4 landscape and a custom size, both flips;
  4. page boxes with and without bleed;
  5. live-text SVG in Chromium placed like the outlined SVG (within 0.3 mm);
  6. our PNG renderer agrees with poppler's rendering of the PDF (>= 98 %);
  8. a pictured set (PNG with alpha, palette and 16-bit PNG, JPEG turned by
     EXIF orientation, grey, CMYK and progressive JPEG, an SVG drawing) drawn
     alike by poppler, mupdf, Ghostscript, rsvg, Inkscape, Chromium and our PNG
     renderer; its print-shop PDF holds no RGB picture and separates into C, M,
     Y, K and CutContour only;
  7. print-shop PDFs separated by Ghostscript (tiffsep, as a RIP does): the
     plates are C, M, Y, K and CutContour only; the die line inks the
     CutContour plate alone and knocks nothing out of the process plates
     (overprint); crop marks (All) land on every plate; qpdf finds no error.
"""

import os
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image

BIN = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "target/release/jungle-print")
DPI = 100  # comparisons; 3.94 px per mm
FAIL = []
RESULTS = []
INFO = []


def run(*args, **kw):
    r = subprocess.run(args, capture_output=True, text=True, **kw)
    if r.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed ({r.returncode}): {r.stderr[-2000:]}")
    return r


def grey(path):
    img = Image.open(path)
    if img.mode in ("RGBA", "LA", "P"):
        img = img.convert("RGBA")
        bg = Image.new("RGBA", img.size, (255, 255, 255, 255))
        bg.alpha_composite(img)
        img = bg
    return np.asarray(img.convert("L"), dtype=np.int16)


def pdf_pages(pdf, out, dpi=DPI):
    """Renders every page with poppler, mupdf and Ghostscript."""
    n = int([l for l in run("pdfinfo", pdf).stdout.splitlines() if l.startswith("Pages:")][0].split()[1])
    run("pdftoppm", "-r", str(dpi), "-gray", "-png", pdf, f"{out}-poppler")
    run("mutool", "draw", "-q", "-r", str(dpi), "-c", "gray", "-o", f"{out}-mupdf-%d.png", pdf)
    run("gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=pnggray", f"-r{dpi}",
        "-dTextAlphaBits=4", "-dGraphicsAlphaBits=4", f"-sOutputFile={out}-gs-%d.png", pdf)
    pages = []
    width = len(str(n))
    for i in range(1, n + 1):
        pages.append({
            "poppler": grey(f"{out}-poppler-{str(i).zfill(width) if n >= 10 else i}.png"),
            "mupdf": grey(f"{out}-mupdf-{i}.png"),
            "gs": grey(f"{out}-gs-{i}.png"),
        })
    return pages


def svg_renders(svg, out, dpi=DPI):
    run("rsvg-convert", "-d", str(dpi), "-p", str(dpi), "-b", "white", svg, "-o", f"{out}-rsvg.png")
    run("inkscape", svg, "--export-type=png", f"--export-dpi={dpi}", "--export-background=white",
        "--export-background-opacity=1", f"--export-filename={out}-inkscape.png")
    return {"rsvg": grey(f"{out}-rsvg.png"), "inkscape": grey(f"{out}-inkscape.png")}


def dilate(mask, r):
    out = mask.copy()
    for dy in range(-r, r + 1):
        for dx in range(-r, r + 1):
            out |= np.roll(np.roll(mask, dy, 0), dx, 1)
    return out


def blur(img):
    """A 3 × 3 box blur: what the eye sees at arm's length, free of the
    one-pixel hinting and anti-aliasing choices that differ between renderers."""
    p = np.pad(img, 1, mode="edge").astype(np.int32)
    h, w = img.shape
    return sum(p[dy:dy + h, dx:dx + w] for dy in range(3) for dx in range(3)) // 9


def compare(name, a, b, tol_px=2, min_agree=0.98, min_ink=0.97):
    h, w = min(a.shape[0], b.shape[0]), min(a.shape[1], b.shape[1])
    if max(abs(a.shape[0] - b.shape[0]), abs(a.shape[1] - b.shape[1])) > 1:
        FAIL.append(f"{name}: sizes differ {a.shape} vs {b.shape}")
        return
    a, b = a[:h, :w], b[:h, :w]
    agree = 1.0 - float((np.abs(blur(a) - blur(b)) > 64).mean())
    # Ink (darker than mid-grey) of each found near marks of the other (anything
    # visibly darker than paper: a hairline that one renderer draws as a faint
    # anti-aliased grey and another snaps to a dark pixel still counts). This
    # catches missing text, which covers too few pixels to move the agreement.
    ia, ib = a < 128, b < 128
    ma, mb = dilate(a < 230, tol_px), dilate(b < 230, tol_px)
    ink_ab = float((ia & mb).sum() / ia.sum()) if ia.any() else float(not ib.any())
    ink_ba = float((ib & ma).sum() / ib.sum()) if ib.any() else float(not ia.any())
    ink = min(ink_ab, ink_ba)
    RESULTS.append((name, agree, ink))
    if agree < min_agree or ink < min_ink:
        FAIL.append(f"{name}: agreement {agree:.4f} (>= {min_agree}), ink found {ink:.4f} (>= {min_ink})")


def all_pairs(label, renders):
    keys = sorted(renders)
    for i, k in enumerate(keys):
        for m in keys[i + 1:]:
            compare(f"{label} {k}~{m}", renders[k], renders[m])


def check_set_and_sheets(tmp):
    jobs = [
        ("set-en", ["set", "--lang", "en"]),
        ("set-zh-Hans", ["set", "--lang", "zh-Hans", "--sides", "duplex"]),
        ("counters-single", ["counters", "--sides", "single"]),
        ("counters-fold", ["counters", "--sides", "fold", "--shape", "octagon"]),
        ("counters-duplex", ["counters", "--sides", "duplex", "--crop-marks"]),
        ("board-en", ["board", "--lang", "en"]),
        ("board-zh-Hant", ["board", "--lang", "zh-Hant"]),
        ("board-tiled", ["board", "--square", "40", "--lang", "fr"]),
        # Tiles placing one shared drawing (a PDF Form XObject) by reference.
        ("poster-tiled", ["rules", "--poster", "--paper", "a3", "--tile", "a4", "--lang", "zh-Hant"]),
    ]
    for name, args in jobs:
        pdf = f"{tmp}/{name}.pdf"
        run(BIN, *args, "-o", pdf)
        pages = pdf_pages(pdf, f"{tmp}/{name}")
        svg_pages = {}
        if not name.startswith("set"):
            run(BIN, *args, "--format", "svg", "-o", f"{tmp}/{name}.svg")
            for i in range(len(pages)):
                svg = f"{tmp}/{name}.svg" if i == 0 else f"{tmp}/{name}-{i + 1}.svg"
                svg_pages[i] = svg_renders(svg, f"{tmp}/{name}-svg{i + 1}")
        for i, renders in enumerate(pages):
            renders = dict(renders)
            renders.update(svg_pages.get(i, {}))
            all_pairs(f"{name} p{i + 1}", renders)


def check_merges(tmp):
    parts = []
    for name, args in [("b", ["board"]), ("c", ["counters", "--sides", "fold"]), ("r", ["rules"])]:
        run(BIN, *args, "-o", f"{tmp}/m-{name}.pdf")
        parts.append(f"{tmp}/m-{name}.pdf")
    originals = []
    for p in parts:
        originals += [pg["poppler"] for pg in pdf_pages(p, p[:-4])]
    gs = run("gs", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=pdfwrite", f"-sOutputFile={tmp}/merged-gs.pdf", *parts)
    if "Missing glyph" in gs.stdout + gs.stderr:
        FAIL.append("Ghostscript merge: " + [l for l in (gs.stdout + gs.stderr).splitlines() if "Missing" in l][0])
    run("qpdf", "--empty", "--pages", *parts, "--", f"{tmp}/merged-qpdf.pdf")
    run("pdfunite", *parts, f"{tmp}/merged-pdfunite.pdf")
    for tool in ["gs", "qpdf", "pdfunite"]:
        merged = f"{tmp}/merged-{tool}.pdf"
        fonts = run("pdffonts", merged).stdout.splitlines()[2:]
        by_tag = {}
        for line in fonts:
            tag = line.split()[0]
            by_tag.setdefault(tag, set()).add(line.split()[-2])
        pages = pdf_pages(merged, merged[:-4])
        if len(pages) != len(originals):
            FAIL.append(f"{tool} merge: {len(pages)} pages, expected {len(originals)}")
            continue
        for i, (pg, orig) in enumerate(zip(pages, originals)):
            for renderer in ("poppler", "mupdf", "gs"):
                compare(f"merge {tool} p{i + 1} {renderer}~original", pg[renderer], orig)


def content_centres(img, px_per_mm, top_mm, bottom_mm):
    """Centres (mm) of the counters: bounding boxes of the non-paper pixels,
    split into cells by empty rows and columns, between two heights in mm."""
    ink = img < 200
    y0, y1 = int(top_mm * px_per_mm), int(bottom_mm * px_per_mm)
    ink[:y0] = False
    ink[y1:] = False

    def runs(profile):
        out, start = [], None
        for i, v in enumerate(profile):
            if v and start is None:
                start = i
            elif not v and start is not None:
                out.append((start, i))
                start = None
        if start is not None:
            out.append((start, len(profile)))
        return out

    centres = []
    for r0, r1 in runs(ink.any(axis=1)):
        band = ink[r0:r1]
        for c0, c1 in runs(band.any(axis=0)):
            cell = band[:, c0:c1]
            rows = np.nonzero(cell.any(axis=1))[0]
            cols = np.nonzero(cell.any(axis=0))[0]
            cy = (r0 + rows[0] + r0 + rows[-1] + 1) / 2 / px_per_mm
            cx = (c0 + cols[0] + c0 + cols[-1] + 1) / 2 / px_per_mm
            centres.append((cx, cy))
    return centres


def check_duplex(tmp):
    dpi = 254  # 10 px per mm
    ppm = dpi / 25.4
    for paper, (w, h) in [("a4", (210, 297)), ("297x210", (297, 210)), ("250x180", (250, 180))]:
        for flip in ["long-edge", "short-edge"]:
            pdf = f"{tmp}/dx-{paper}-{flip}.pdf"
            run(BIN, "counters", "--sides", "duplex", "--flip", flip, "--paper", paper, "-o", pdf)
            run("pdftoppm", "-r", str(dpi), "-gray", "-png", "-f", "1", "-l", "2", pdf, pdf[:-4])
            front = grey(f"{pdf[:-4]}-1.png")
            back = grey(f"{pdf[:-4]}-2.png")
            # Counters sit between the 10 mm margin + 9 mm header and the footer.
            fronts = content_centres(front, ppm, 19.5, h - 19.5)
            backs = content_centres(back, ppm, 19.5, h - 19.5)
            left_right = (flip == "long-edge") == (h >= w)
            seen = [((w - x, y) if left_right else (x, h - y)) for x, y in backs]
            worst = 0.0
            for f in fronts:
                d = min(((f[0] - s[0]) ** 2 + (f[1] - s[1]) ** 2) ** 0.5 for s in seen)
                worst = max(worst, d)
            INFO.append(f"duplex {paper} {flip}: {len(fronts)} counters, worst offset {worst:.3f} mm")
            if len(fronts) != 16 or len(backs) != 16 or worst > 0.1:
                FAIL.append(f"duplex {paper} {flip}: {len(fronts)} fronts, {len(backs)} backs, worst {worst:.3f} mm")


def boxes(pdf):
    out = {}
    for line in run("pdfinfo", "-box", pdf).stdout.splitlines():
        for key in ("MediaBox", "CropBox", "BleedBox", "TrimBox"):
            if line.startswith(key + ":"):
                out[key] = [float(v) for v in line.split()[1:]]
    return out


def check_boxes(tmp):
    k = 72 / 25.4
    for args, bleed in [(["board"], 0), (["board", "--bleed", "3"], 3), (["counters", "--bleed", "2"], 2),
                        (["rules", "--bleed", "3"], 3), (["set", "--bleed", "3"], 3)]:
        pdf = f"{tmp}/box-{'-'.join(args)}.pdf"
        run(BIN, *args, "-o", pdf)
        b = boxes(pdf)
        want_media = [0, 0, (210 + 2 * bleed) * k, (297 + 2 * bleed) * k]
        want_trim = [bleed * k, bleed * k, (210 + bleed) * k, (297 + bleed) * k]
        ok = all(abs(x - y) < 0.01 for x, y in zip(b["MediaBox"], want_media)) and \
            all(abs(x - y) < 0.01 for x, y in zip(b["TrimBox"], want_trim)) and \
            b["BleedBox"] == b["MediaBox"]
        INFO.append(f"boxes {' '.join(args)}: " + ", ".join(f"{k} {[round(v, 2) for v in b[k]]}" for k in sorted(b)))
        if not ok:
            FAIL.append(f"page boxes {' '.join(args)}: {b}")


def chromium_png(svg, out, scale=2):
    run("chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--no-first-run", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
        f"--user-data-dir={os.path.dirname(out)}/chromium-profile", f"--force-device-scale-factor={scale}",
        "--window-size=794,1123", f"--screenshot={out}", "file://" + svg)
    return grey(out)


def check_live_text(tmp):
    # 2 device px per CSS px: 7.56 px per mm, so 2 px is 0.26 mm.
    for name, args in [("rules", ["rules"]), ("board-zh", ["board", "--lang", "zh-Hant"]),
                       ("counters", ["counters", "--sides", "fold"])]:
        run(BIN, *args, "--format", "svg", "-o", f"{tmp}/lt-{name}-o.svg")
        run(BIN, *args, "--format", "svg", "--live-text", "-o", f"{tmp}/lt-{name}-l.svg")
        a = chromium_png(f"{tmp}/lt-{name}-o.svg", f"{tmp}/lt-{name}-o.png")
        b = chromium_png(f"{tmp}/lt-{name}-l.svg", f"{tmp}/lt-{name}-l.png")
        compare(f"chromium live text ~ outlines, {name}", a, b, tol_px=2, min_ink=0.99)


def check_png(tmp):
    """Our own PNG renderer against poppler's rendering of the same PDF."""
    for name, args in [("board", ["board", "--lang", "zh-Hans"]), ("counters", ["counters", "--sides", "fold"]),
                       ("rules", ["rules", "--lang", "fr"]), ("tiled", ["board", "--square", "40"]),
                       ("box", ["box"])]:
        run(BIN, *args, "-o", f"{tmp}/png-{name}.pdf")
        run(BIN, *args, "--format", "png", "--dpi", str(DPI), "-o", f"{tmp}/png-{name}.png")
        pages = pdf_pages(f"{tmp}/png-{name}.pdf", f"{tmp}/png-{name}-pdf")
        for i, p in enumerate(pages):
            ours = f"{tmp}/png-{name}.png" if i == 0 else f"{tmp}/png-{name}-{i + 1}.png"
            compare(f"png {name} p{i + 1} ours~poppler", grey(ours), p["poppler"])


def plates(pdf, out, page=1, dpi=100):
    """Ghostscript's separations of one page: {plate name: ink mask}."""
    for f in os.listdir(os.path.dirname(out)):
        if f.startswith(os.path.basename(out) + "("):
            os.remove(os.path.join(os.path.dirname(out), f))
    run("gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=tiffsep", f"-r{dpi}",
        f"-dFirstPage={page}", f"-dLastPage={page}", f"-sOutputFile={out}.tif", pdf)
    found = {}
    base = os.path.basename(out)
    for f in os.listdir(os.path.dirname(out)):
        if f.startswith(base + "(") and f.endswith(").tif"):
            found[f[len(base) + 1:-5]] = grey(os.path.join(os.path.dirname(out), f)) < 128
    return found


def check_print_shop(tmp):
    for name, args, page in [("counters", ["counters", "--crop-marks", "--bleed", "3"], 1),
                             ("box", ["box", "--bleed", "3"], 1),
                             ("set", ["set", "--bleed", "3"], 3)]:
        pdf = f"{tmp}/shop-{name}.pdf"
        run(BIN, *args, "--for", "print-shop", "-o", pdf)
        run("qpdf", "--check", pdf)
        p = plates(pdf, f"{tmp}/shop-{name}", page)
        names = sorted(p)
        INFO.append(f"print shop {name} p{page}: plates {', '.join(names)}")
        if names != sorted(["Cyan", "Magenta", "Yellow", "Black", "CutContour"]):
            FAIL.append(f"print shop {name}: plates {names}")
            continue
        cut = p["CutContour"]
        if not cut.any():
            FAIL.append(f"print shop {name}: nothing on the CutContour plate")
            continue
        # Where the die line runs, a process plate may not change from its
        # surroundings: compare each plate with itself 3 px (0.75 mm) either side.
        for ink in ("Cyan", "Magenta", "Yellow", "Black"):
            a = p[ink]
            # A knocked-out ring would leave holes: die-line pixels without ink
            # whose neighbours all have ink.
            full = np.ones_like(a)
            for dy, dx in ((0, 3), (0, -3), (3, 0), (-3, 0)):
                full &= np.roll(np.roll(a, dy, 0), dx, 1)
            holes = float((cut & full & ~a).sum() / cut.sum())
            if holes > 0.01:
                FAIL.append(f"print shop {name}: the die line knocks out {ink} ({holes:.1%} of it)")
        if "--crop-marks" in args:
            # Marks in All: ink on all four plates at once (nothing else in the
            # counters is rich black).
            every = p["Cyan"] & p["Magenta"] & p["Yellow"] & p["Black"]
            if not every.any():
                FAIL.append(f"print shop {name}: no crop marks on every plate")


def make_pictures(tmp):
    """A folder of pictures in every supported kind, and a theme naming them:
    PNG with a transparent edge, palette PNG, 16-bit grey PNG, JPEG turned by
    EXIF orientation 6, grey JPEG, CMYK JPEG, and an SVG drawing."""
    from PIL import ImageDraw
    d = f"{tmp}/pictures"
    os.makedirs(d, exist_ok=True)

    def disc(colour, mode="RGBA"):
        img = Image.new(mode, (240, 240), (0, 0, 0, 0) if mode == "RGBA" else "white")
        draw = ImageDraw.Draw(img)
        draw.ellipse((20, 20, 220, 220), fill=colour)
        draw.rectangle((100, 40, 140, 200), fill="black")
        return img

    disc((220, 60, 40, 255)).save(f"{d}/elephant.png")
    disc((40, 120, 220, 255)).convert("RGB").convert("P", palette=Image.ADAPTIVE).save(f"{d}/lion.png")
    Image.fromarray((np.asarray(disc((90, 90, 90, 255)).convert("L"), dtype=np.uint16) * 257)).save(f"{d}/tiger.png")
    # Stored on its side: orientation 6 turns it upright (the bar vertical).
    tall = disc((30, 160, 60, 255)).convert("RGB").rotate(90, expand=True)
    exif = Image.Exif()
    exif[0x0112] = 6
    tall.save(f"{d}/leopard.jpg", quality=90, exif=exif.tobytes())
    disc((120, 120, 120, 255)).convert("L").save(f"{d}/wolf.jpg", quality=90)
    disc((200, 160, 20, 255)).convert("RGB").convert("CMYK").save(f"{d}/dog.jpg", quality=90)
    disc((150, 60, 160, 255)).convert("RGB").save(f"{d}/cat.jpg", quality=90, progressive=True)
    with open(f"{d}/rat.svg", "w") as f:
        f.write('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">'
                '<circle cx="12" cy="12" r="10" fill="#f4a020"/><rect x="10" y="4" width="4" height="16" fill="#222"/></svg>')
    Image.new("RGB", (64, 64), (180, 220, 240)).save(f"{d}/water.png")
    theme = f"{d}/theme.toml"
    with open(theme, "w") as f:
        # `square = 0`: the board on one sheet (kids' own 35 mm squares tile it).
        f.write('extends = "kids"\n[board]\nsquare = 0\n[counters]\nlayout = "picture"\npips = true\n'
                '[pictures]\nelephant = "elephant.png"\nlion = "lion.png"\ntiger = "tiger.png"\n'
                'leopard = "leopard.jpg"\nwolf = "wolf.jpg"\ndog = "dog.jpg"\ncat = "cat.jpg"\n'
                'rat = "rat.svg"\nriver = "water.png"\nback = "elephant.png"\nlid = "lion.png"\n')
    return theme


def check_pictures(tmp):
    """A pictured set agrees across every client; its print-shop PDF has CMYK
    pictures only and the plates C, M, Y, K and CutContour."""
    theme = make_pictures(tmp)
    for name, args in [("pic-counters", ["counters", "--theme", theme, "--sides", "fold"]),
                       ("pic-board", ["board", "--theme", theme])]:
        pdf = f"{tmp}/{name}.pdf"
        run(BIN, *args, "-o", pdf)
        pages = pdf_pages(pdf, f"{tmp}/{name}")
        run(BIN, *args, "--format", "svg", "-o", f"{tmp}/{name}.svg")
        run(BIN, *args, "--format", "png", "--dpi", str(DPI), "-o", f"{tmp}/{name}.png")
        renders = dict(pages[0])
        renders.update(svg_renders(f"{tmp}/{name}.svg", f"{tmp}/{name}-svg"))
        renders["ours"] = grey(f"{tmp}/{name}.png")
        # Chromium at 100 dpi: 1 device px per 0.254 mm.
        renders["chromium"] = chromium_png(f"{tmp}/{name}.svg", f"{tmp}/{name}-chromium.png", scale=DPI / 96)
        all_pairs(name, renders)
    pdf = f"{tmp}/pic-shop.pdf"
    run(BIN, "counters", "--theme", theme, "--bleed", "3", "--for", "print-shop", "-o", pdf)
    run("qpdf", "--check", pdf)
    qdf = f"{tmp}/pic-shop-qdf.pdf"
    run("qpdf", "--qdf", "--object-streams=disable", pdf, qdf)
    with open(qdf, "rb") as f:
        body = f.read()
    if b"/DeviceRGB" in body:
        FAIL.append("print shop pictures: a DeviceRGB picture in the PDF/X")
    p = plates(pdf, f"{tmp}/pic-shop", 1)
    INFO.append(f"print shop pictures: plates {', '.join(sorted(p))}")
    if sorted(p) != sorted(["Cyan", "Magenta", "Yellow", "Black", "CutContour"]):
        FAIL.append(f"print shop pictures: plates {sorted(p)}")


def main():
    with tempfile.TemporaryDirectory() as tmp:
        for step in (check_boxes, check_duplex, check_merges, check_live_text, check_png, check_print_shop,
                     check_pictures, check_set_and_sheets):
            try:
                step(tmp)
            except Exception as e:  # a client that fails to run is a failure too
                FAIL.append(f"{step.__name__}: {e}")
    print(*INFO, sep="\n")
    worst = {}
    for name, agree, ink in RESULTS:
        kind = name.split(" p")[0]
        if kind not in worst or (agree, ink) < worst[kind][1:]:
            worst[kind] = (name, agree, ink)
    for kind, (name, agree, ink) in sorted(worst.items()):
        print(f"worst of {kind}: {name}: agreement {agree:.4f}, ink found {ink:.4f}")
    print(f"{len(RESULTS)} comparisons")
    if FAIL:
        print("\nFAILED:", *FAIL, sep="\n  ")
        sys.exit(1)
    print("clients: all agree")


if __name__ == "__main__":
    main()
