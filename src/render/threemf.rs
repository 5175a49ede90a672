//! The solid model ([`crate::scene::solid::Model`]) as a 3MF file: a zip
//! package of `[Content_Types].xml`, `_rels/.rels` and `3D/3dmodel.model`
//! (3MF Core), millimetre units, one object per piece with its name, its
//! mesh made by [`crate::render::mesh`] (several closed shells, filled by the
//! positive winding rule), and a build item for each.
//!
//! Deterministic: the same model gives the same bytes (every zip entry
//! dated 1980-01-01, coordinates rounded to 1/1000 mm by
//! [`crate::render::write_num`]).

use super::mesh::{object_mesh, Mesh};
use crate::scene::solid::Model;
use crate::text::escape_markup as escape;
use std::fmt::Write as _;
use std::io::Write as _;

/// The package's content types.
const CONTENT_TYPES: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="model" ContentType="application/vnd.ms-package.3dmanufacturing-3dmodel+xml"/></Types>
"#;

/// The package's relationships: its one model.
const RELS: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Target="/3D/3dmodel.model" Id="rel0" Type="http://schemas.microsoft.com/3dmanufacturing/2013/01/3dmodel"/></Relationships>
"#;

/// One object's `<object>` element with its mesh.
fn write_object(out: &mut String, id: usize, name: &str, mesh: &Mesh) {
    let _ = write!(
        out,
        "<object id=\"{id}\" type=\"model\" name=\"{}\"><mesh><vertices>",
        escape(name)
    );
    for v in &mesh.vertices {
        out.push_str("<vertex x=\"");
        super::write_num(out, v[0], 3);
        out.push_str("\" y=\"");
        super::write_num(out, v[1], 3);
        out.push_str("\" z=\"");
        super::write_num(out, v[2], 3);
        out.push_str("\"/>");
    }
    out.push_str("</vertices><triangles>");
    for t in &mesh.triangles {
        let _ = write!(
            out,
            "<triangle v1=\"{}\" v2=\"{}\" v3=\"{}\"/>",
            t[0], t[1], t[2]
        );
    }
    out.push_str("</triangles></mesh></object>\n");
}

/// The model part, `3D/3dmodel.model`: every object, then the build.
pub fn model_xml(model: &Model) -> String {
    let mut out = String::new();
    out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    out.push_str("<model unit=\"millimeter\" xml:lang=\"en-US\" xmlns=\"http://schemas.microsoft.com/3dmanufacturing/core/2015/02\">\n");
    let _ = writeln!(
        out,
        "<metadata name=\"Title\">{}</metadata>\n<metadata name=\"Application\">jungle-print</metadata>",
        escape(&model.title)
    );
    out.push_str("<resources>\n");
    for (i, o) in model.objects.iter().enumerate() {
        write_object(&mut out, i + 1, &o.name, &object_mesh(o));
    }
    out.push_str("</resources>\n<build>");
    for i in 0..model.objects.len() {
        let _ = write!(out, "<item objectid=\"{}\"/>", i + 1);
    }
    out.push_str("</build>\n</model>\n");
    out
}

/// The 3MF file of `model`: its package, deflated.
pub fn render(model: &Model) -> Result<Vec<u8>, String> {
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let options = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Deflated)
        .last_modified_time(zip::DateTime::default())
        .unix_permissions(0o644);
    let parts = [
        ("[Content_Types].xml", CONTENT_TYPES.to_string()),
        ("_rels/.rels", RELS.to_string()),
        ("3D/3dmodel.model", model_xml(model)),
    ];
    for (name, text) in parts {
        zip.start_file(name, options).map_err(|e| e.to_string())?;
        zip.write_all(text.as_bytes()).map_err(|e| e.to_string())?;
    }
    let cursor = zip.finish().map_err(|e| e.to_string())?;
    Ok(cursor.into_inner())
}
