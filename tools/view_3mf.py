#!/usr/bin/env python3
"""Renders a 3MF file's build to PNG pictures to look at: each triangle
filled with flat shading (a light from the upper left, colour by height)
through a z-buffer, from above and from two oblique angles. Also checks every object's
mesh is closed (each directed edge once, its reverse once).

    python3 tools/view_3mf.py board.3mf out-prefix [object-index]

Needs numpy and Pillow.
"""
import re, sys, zipfile
import numpy as np
from PIL import Image, ImageDraw

def objects(path):
    xml = zipfile.ZipFile(path).read("3D/3dmodel.model").decode()
    out = []
    for m in re.finditer(r'<object id="(\d+)" type="model" name="([^"]*)"><mesh><vertices>(.*?)</vertices><triangles>(.*?)</triangles>', xml, re.S):
        v = np.array([[float(a) for a in t] for t in re.findall(r'x="([-\d.]+)" y="([-\d.]+)" z="([-\d.]+)"', m.group(3))])
        t = np.array([[int(a) for a in t] for t in re.findall(r'v1="(\d+)" v2="(\d+)" v3="(\d+)"', m.group(4))])
        out.append((m.group(2), v, t))
    return out

def closed(t):
    e = {}
    for a, b, c in t:
        for k in ((a, b), (b, c), (c, a)):
            e[k] = e.get(k, 0) + 1
    return all(n == 1 and e.get((k[1], k[0])) == 1 for k, n in e.items())

def render(objs, out, elev, azim, size=1100):
    vs = np.concatenate([v for _, v, _ in objs])
    ts, off = [], 0
    for _, v, t in objs:
        ts.append(t + off); off += len(v)
    t = np.concatenate(ts)
    a, e = np.radians(azim), np.radians(elev)
    rz = np.array([[np.cos(a), -np.sin(a), 0], [np.sin(a), np.cos(a), 0], [0, 0, 1]])
    rx = np.array([[1, 0, 0], [0, np.sin(e), np.cos(e)], [0, -np.cos(e), np.sin(e)]])
    p = vs @ rz.T @ rx.T
    lo, hi = p.min(0), p.max(0)
    s = (size - 40) / max(hi[0] - lo[0], hi[1] - lo[1])
    xy = np.c_[(p[:, 0] - lo[0]) * s + 20, size - ((p[:, 1] - lo[1]) * s + 20)]
    tri = p[t]
    n = np.cross(tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0])
    n /= np.linalg.norm(n, axis=1)[:, None] + 1e-12
    light = np.array([-0.4, 0.5, 0.77]); light /= np.linalg.norm(light)
    shade = np.clip(n @ light, 0, 1) * 0.8 + 0.2
    # A z-buffer: each triangle drawn where it is nearer than what is there.
    z = np.full((size, size), -np.inf)
    img = np.full((size, size, 3), 255, dtype=np.uint8)
    height = (vs[:, 2] - vs[:, 2].min()) / max(np.ptp(vs[:, 2]), 1e-9)
    for i in range(len(t)):
        if n[i, 2] <= 0:
            continue
        (x0, y0), (x1, y1), (x2, y2) = xy[t[i]]
        lo_x, hi_x = int(max(min(x0, x1, x2), 0)), int(min(max(x0, x1, x2), size - 1)) + 1
        lo_y, hi_y = int(max(min(y0, y1, y2), 0)), int(min(max(y0, y1, y2), size - 1)) + 1
        if lo_x >= hi_x or lo_y >= hi_y:
            continue
        gx, gy = np.meshgrid(np.arange(lo_x, hi_x) + 0.5, np.arange(lo_y, hi_y) + 0.5)
        den = (y1 - y2) * (x0 - x2) + (x2 - x1) * (y0 - y2)
        if abs(den) < 1e-12:
            continue
        a = ((y1 - y2) * (gx - x2) + (x2 - x1) * (gy - y2)) / den
        b = ((y2 - y0) * (gx - x2) + (x0 - x2) * (gy - y2)) / den
        c = 1 - a - b
        m = (a >= -1e-6) & (b >= -1e-6) & (c >= -1e-6)
        d = a * tri[i, 0, 2] + b * tri[i, 1, 2] + c * tri[i, 2, 2]
        sub = z[lo_y:hi_y, lo_x:hi_x]
        m &= d > sub
        sub[m] = d[m]
        h = height[t[i]].mean()
        k = shade[i]
        img[lo_y:hi_y, lo_x:hi_x][m] = (int(255 * k), int((200 - 90 * h) * k), int((120 - 100 * h) * k))
    img = Image.fromarray(img)
    img.save(out)

if __name__ == "__main__":
    objs = objects(sys.argv[1])
    bad = [name for name, _, t in objs if not closed(t)]
    print(len(objs), "objects;", "open:", bad or "none")
    if len(sys.argv) > 3:
        objs = [objs[int(sys.argv[3])]]
    for elev, azim, tag in [(90, 0, "top"), (35, -30, "oblique"), (20, 200, "back")]:
        render(objs, f"{sys.argv[2]}-{tag}.png", elev, azim)
