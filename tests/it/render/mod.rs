//! Rendering: the bytes of PDF, SVG, PNG and HTML files, what other readers rely on,
//! and the print shop's PDF/X.

mod fidelity;
mod gradients;
mod html;
mod pdf;
mod pictures;
mod png;
mod print_shop;
mod svg;
mod text_layer;
mod threemf;
