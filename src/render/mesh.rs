//! Solids ([`crate::scene::solid`]) as triangle meshes: each solid a closed
//! shell (every edge shared by exactly two triangles, each triangle turning
//! anticlockwise seen from outside), a piece's shells gathered in one mesh.
//! Shells may overlap; a 3MF reader fills a piece by the positive winding
//! rule, which makes their union.
//!
//! Lengths in mm, in the printer's frame (x right, y away, z up).

use crate::scene::solid::{area2, inside, Object, Solid, P2};

/// A triangle mesh: vertices (mm) and triangles (indices into them).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Mesh {
    /// The vertices, mm.
    pub vertices: Vec<[f64; 3]>,
    /// The triangles, each anticlockwise seen from outside.
    pub triangles: Vec<[u32; 3]>,
}

/// Sides of a dome's circle.
const DOME_SIDES: usize = 16;
/// Rings of a dome's cap.
const DOME_RINGS: usize = 4;

impl Mesh {
    /// The smallest box holding every vertex: `(min, max)`, mm.
    pub fn bounds(&self) -> ([f64; 3], [f64; 3]) {
        let mut lo = [f64::INFINITY; 3];
        let mut hi = [f64::NEG_INFINITY; 3];
        for v in &self.vertices {
            for i in 0..3 {
                lo[i] = lo[i].min(v[i]);
                hi[i] = hi[i].max(v[i]);
            }
        }
        (lo, hi)
    }

    /// Appends `other`'s vertices and triangles.
    fn append(&mut self, other: Mesh) {
        let base = self.vertices.len() as u32;
        self.vertices.extend(other.vertices);
        self.triangles.extend(
            other
                .triangles
                .into_iter()
                .map(|t| [t[0] + base, t[1] + base, t[2] + base]),
        );
    }
}

/// The mesh of `object`: one closed shell per solid (and per separate
/// region of a prism), in order.
pub fn object_mesh(object: &Object) -> Mesh {
    let mut mesh = Mesh::default();
    for solid in &object.solids {
        match solid {
            Solid::Prism { contours, z0, z1 } => {
                for (outer, holes) in regions(contours) {
                    // Ear cutting leaves a shell open on an outline that
                    // touches itself (a glyph's strokes meeting at a
                    // point): then each of its triangles is a shell of its
                    // own (their union is the region), never an open one.
                    let shell = prism(&outer, &holes, *z0, *z1);
                    if closed_fault(&shell).is_none() {
                        mesh.append(shell);
                        continue;
                    }
                    for t in triangles(&outer, &holes) {
                        mesh.append(prism(&t, &[], *z0, *z1));
                    }
                }
            }
            Solid::Dome {
                center,
                radius,
                z0,
                base,
                height,
            } => mesh.append(dome(*center, *radius, *z0, *base, *height)),
        }
    }
    mesh
}

/// `contours` without repeated points, each with three points or more.
fn cleaned(contours: &[Vec<P2>]) -> Vec<Vec<P2>> {
    contours
        .iter()
        .map(|c| {
            let mut out: Vec<P2> = Vec::with_capacity(c.len());
            for &p in c {
                let same = |q: &P2| (q.0 - p.0).abs() < 1e-6 && (q.1 - p.1).abs() < 1e-6;
                if !out.last().is_some_and(same) {
                    out.push(p);
                }
            }
            while out.len() > 1
                && (out[0].0 - out[out.len() - 1].0).abs() < 1e-6
                && (out[0].1 - out[out.len() - 1].1).abs() < 1e-6
            {
                out.pop();
            }
            out
        })
        .filter(|c| c.len() >= 3 && area2(c).abs() > 1e-9)
        .collect()
}

/// The separate regions of `contours` under the non-zero rule: each
/// contour turning the way of the largest is an outline (made
/// anticlockwise), each turning the other way a hole (made clockwise) of
/// the smallest outline round all its points (a hole that no one outline
/// holds, where overlapping strokes meet, is left out: the strokes fill it).
fn regions(contours: &[Vec<P2>]) -> Vec<(Vec<P2>, Vec<Vec<P2>>)> {
    let contours = cleaned(contours);
    let Some(largest) = contours
        .iter()
        .map(|c| area2(c))
        .max_by(|a, b| a.abs().total_cmp(&b.abs()))
    else {
        return Vec::new();
    };
    let sign = largest.signum();
    let mut outers: Vec<(Vec<P2>, Vec<Vec<P2>>)> = Vec::new();
    let mut holes = Vec::new();
    for c in contours {
        if area2(&c).signum() == sign {
            let mut c = c;
            if sign < 0.0 {
                c.reverse();
            }
            outers.push((c, Vec::new()));
        } else {
            let mut c = c;
            if sign < 0.0 {
                c.reverse();
            }
            holes.push(c);
        }
    }
    for h in holes {
        let home = (0..outers.len())
            .filter(|&i| h.iter().all(|&p| inside(p, &outers[i].0)))
            .min_by(|&a, &b| area2(&outers[a].0).total_cmp(&area2(&outers[b].0)));
        if let Some(i) = home {
            outers[i].1.push(h);
        }
    }
    outers
}

/// The triangles of `outer` less `holes` by ear cutting, each anticlockwise
/// (degenerate ones left out).
fn triangles(outer: &[P2], holes: &[Vec<P2>]) -> Vec<Vec<P2>> {
    let mut ring: Vec<P2> = outer.to_vec();
    let mut starts = Vec::new();
    for h in holes {
        starts.push(ring.len());
        ring.extend(h);
    }
    let flat: Vec<f64> = ring.iter().flat_map(|p| [p.0, p.1]).collect();
    let tris = earcutr::earcut(&flat, &starts, 2).unwrap_or_default();
    tris.chunks_exact(3)
        .filter_map(|t| {
            let mut tri = vec![ring[t[0]], ring[t[1]], ring[t[2]]];
            let a = area2(&tri);
            if a.abs() < 1e-9 {
                return None;
            }
            if a < 0.0 {
                tri.reverse();
            }
            Some(tri)
        })
        .collect()
}

/// The closed shell of `outer` (anticlockwise) less `holes` (clockwise),
/// from `z0` up to `z1`: the floor and roof triangulated by ear cutting
/// (earcutr, which adds no points, so floor, roof and walls share every
/// edge), a wall of two triangles on each edge.
fn prism(outer: &[P2], holes: &[Vec<P2>], z0: f64, z1: f64) -> Mesh {
    let mut ring: Vec<P2> = outer.to_vec();
    let mut starts = Vec::new();
    for h in holes {
        starts.push(ring.len());
        ring.extend(h);
    }
    let n = ring.len();
    let flat: Vec<f64> = ring.iter().flat_map(|p| [p.0, p.1]).collect();
    let tris = earcutr::earcut(&flat, &starts, 2).unwrap_or_default();
    let mut mesh = Mesh::default();
    for z in [z0, z1] {
        mesh.vertices.extend(ring.iter().map(|p| [p.0, p.1, z]));
    }
    for t in tris.chunks_exact(3) {
        let (a, b, c) = (t[0], t[1], t[2]);
        let turn = area2(&[ring[a], ring[b], ring[c]]);
        let (b, c) = if turn < 0.0 { (c, b) } else { (b, c) };
        let (a, b, c) = (a as u32, b as u32, c as u32);
        let top = n as u32;
        mesh.triangles.push([top + a, top + b, top + c]);
        mesh.triangles.push([a, c, b]);
    }
    // Walls: each contour's edges, the region on their left.
    let mut bounds = starts.clone();
    bounds.insert(0, 0);
    bounds.push(n);
    for w in bounds.windows(2) {
        let (s, e) = (w[0], w[1]);
        for i in s..e {
            let j = if i + 1 == e { s } else { i + 1 };
            let (a0, b0, a1, b1) = (i as u32, j as u32, (i + n) as u32, (j + n) as u32);
            mesh.triangles.push([a0, b0, b1]);
            mesh.triangles.push([a0, b1, a1]);
        }
    }
    mesh
}

/// A dot: a cylinder from `z0` to `base`, then a spherical cap `height`
/// high over a foot of `radius`, closed by a disc at `z0`.
fn dome(c: P2, radius: f64, z0: f64, base: f64, height: f64) -> Mesh {
    let n = DOME_SIDES;
    // The sphere through the foot's circle and the top.
    let sphere = (radius * radius + height * height) / (2.0 * height);
    let mut rings = vec![(radius, z0), (radius, base)];
    for k in 1..DOME_RINGS {
        let z = height * k as f64 / DOME_RINGS as f64;
        let centre = base + height - sphere;
        let dz = base + z - centre;
        rings.push(((sphere * sphere - dz * dz).max(0.0).sqrt(), base + z));
    }
    let mut mesh = Mesh::default();
    for &(r, z) in &rings {
        for i in 0..n {
            let a = std::f64::consts::TAU * i as f64 / n as f64;
            mesh.vertices
                .push([c.0 + r * a.cos(), c.1 + r * a.sin(), z]);
        }
    }
    let bottom = mesh.vertices.len() as u32;
    mesh.vertices.push([c.0, c.1, z0]);
    let top = bottom + 1;
    mesh.vertices.push([c.0, c.1, base + height]);
    let n32 = n as u32;
    for i in 0..n32 {
        let j = (i + 1) % n32;
        mesh.triangles.push([bottom, j, i]);
        for k in 0..rings.len() as u32 - 1 {
            let (lo, hi) = (k * n32, (k + 1) * n32);
            mesh.triangles.push([lo + i, lo + j, hi + j]);
            mesh.triangles.push([lo + i, hi + j, hi + i]);
        }
        let last = (rings.len() as u32 - 1) * n32;
        mesh.triangles.push([last + i, last + j, top]);
    }
    mesh
}

/// What keeps `mesh` from being closed and consistently turned: `None`
/// when every directed edge appears once and its reverse once (each edge
/// shared by exactly two triangles, which cross it in opposite
/// directions); else the first fault, in words.
pub fn closed_fault(mesh: &Mesh) -> Option<String> {
    let mut edges: Vec<(u32, u32)> = Vec::with_capacity(mesh.triangles.len() * 3);
    for t in &mesh.triangles {
        for k in 0..3 {
            edges.push((t[k], t[(k + 1) % 3]));
        }
    }
    edges.sort_unstable();
    for w in edges.windows(2) {
        if w[0] == w[1] {
            return Some(format!("edge {:?} is crossed twice the same way", w[0]));
        }
    }
    for &(a, b) in &edges {
        if edges.binary_search(&(b, a)).is_err() {
            return Some(format!("edge ({a}, {b}) has no triangle on its other side"));
        }
    }
    None
}
