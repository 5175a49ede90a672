//! Forms: a drawing shown in several places is written once, as a Form
//! XObject that each place draws. That is a page whose drawing another page
//! shows (a cover thumbnail: the form is the page's own content stream), or
//! a drawing that is no page but is placed more than once (the board or
//! poster a tiled document shows, part by part, on every sheet, and its faint
//! copy on the glue strips: a form of its own).

use rustc_hash::FxHashMap as HashMap;

use super::document::{add_resources, mm_to_pt, to_pdf, to_pdf_of};
use crate::scene::{walk, Document, PageRef, Path, TextRun, Transform, Visitor};

/// A drawing written as a Form XObject: the page it is the content stream
/// of (`None` for a drawing that is no page of the document), the form's
/// resource name, and the map from the form's space (its page's PDF space,
/// pt) to its drawing's scene space (mm).
pub(super) struct Form {
    pub(super) page: Option<usize>,
    pub(super) name: String,
    pub(super) from_pdf: Transform,
}

/// The forms of `doc`, by drawing id ([`PageRef::drawing_id`]): each page
/// that some [`crate::scene::Item::Page`] of another page refers to, and each
/// drawing that is no page of `doc` but is referred to more than once (those
/// also listed, in order of first use, to be written as forms of their own).
/// A drawing that is no page and is placed once is drawn in place.
pub(super) fn shared_pages(doc: &Document) -> (HashMap<usize, Form>, Vec<PageRef>) {
    #[derive(Default)]
    struct Used {
        /// Places each drawing is drawn at, by drawing id.
        count: HashMap<usize, usize>,
        /// Every drawing referred to, in order of first use.
        order: Vec<PageRef>,
    }
    impl Visitor<'_> for Used {
        fn picture(&mut self, _: &crate::scene::Placed, _: Transform) {}
        fn path(&mut self, _: &Path, _: Transform) {}
        fn text(&mut self, _: &TextRun, _: Transform) {}
        fn page(&mut self, r: &PageRef, _: Transform) -> bool {
            let n = self.count.entry(r.drawing_id()).or_default();
            if *n == 0 {
                self.order.push(r.clone());
            }
            *n += 1;
            true
        }
    }
    let mut used = Used::default();
    for page in &doc.pages {
        for (_, items) in page.layers.iter() {
            walk(items, Transform::IDENTITY, &mut used);
        }
    }
    let mut forms = HashMap::default();
    for (n, page) in doc.pages.iter().enumerate() {
        let key = page.drawing_id();
        if !used.count.contains_key(&key) || forms.contains_key(&key) {
            continue;
        }
        let Some(from_pdf) = to_pdf(page).inverse() else {
            continue;
        };
        let name = format!("Pg{}", n + 1);
        forms.insert(
            key,
            Form {
                page: Some(n),
                name,
                from_pdf,
            },
        );
    }
    let mut drawings = Vec::new();
    for r in used.order {
        let key = r.drawing_id();
        if forms.contains_key(&key) || used.count[&key] < 2 {
            continue;
        }
        let Some(from_pdf) = to_pdf_of(r.height, r.bleed).inverse() else {
            continue;
        };
        let name = format!("Fm{}", drawings.len() + 1);
        forms.insert(
            key,
            Form {
                page: None,
                name,
                from_pdf,
            },
        );
        drawings.push(r);
    }
    (forms, drawings)
}

/// A shared layer's form: its name, the first page showing it and the
/// layer's index among that page's layers.
pub(super) type LayerForm = (String, usize, usize);

/// How a page places a shared layer's form: its resource name, and for a
/// page drawn in place elsewhere (a class set's cover thumbnail) the map
/// from the form's space (the first showing page's PDF space, pt) to scene
/// space (mm), with that page's size (width, height, bleed, mm), which the
/// drawing in place must have.
pub(super) struct LayerName {
    pub(super) name: String,
    pub(super) from_pdf: Option<Transform>,
    pub(super) size: [u64; 3],
}

/// The layers several pages of `doc` share (the same items, not copies: a
/// class set's repeated pages), each to be written once as a Form XObject
/// that every page showing it places: by the address of their items, the
/// form's resource name (`Ly1`, `Ly2`, … in order of first use), and the
/// first page showing it (whose PDF space is the form's). Empty layers
/// and those of pages of different sizes are left alone.
pub(super) fn shared_layers(doc: &Document) -> (HashMap<usize, LayerName>, Vec<LayerForm>) {
    /// How many pages show a layer, the first (page, layer index), and
    /// whether they all have its size.
    struct Seen {
        pages: usize,
        first: (usize, usize),
        size: [u64; 3],
        same_size: bool,
    }
    let mut seen: HashMap<usize, Seen> = HashMap::default();
    let mut order = Vec::new();
    for (n, page) in doc.pages.iter().enumerate() {
        let size = [page.width, page.height, page.bleed].map(f64::to_bits);
        for (k, (_, items)) in page.layers.iter().enumerate() {
            if items.is_empty() {
                continue;
            }
            let key = std::sync::Arc::as_ptr(items) as usize;
            let e = seen.entry(key).or_insert_with(|| {
                order.push(key);
                Seen {
                    pages: 0,
                    first: (n, k),
                    size,
                    same_size: true,
                }
            });
            e.pages += 1;
            e.same_size &= e.size == size;
        }
    }
    let mut names = HashMap::default();
    let mut firsts = Vec::new();
    for key in order {
        let e = &seen[&key];
        if e.pages < 2 || !e.same_size {
            continue;
        }
        let name = format!("Ly{}", firsts.len() + 1);
        let first = &doc.pages[e.first.0];
        let layer = LayerName {
            name: name.clone(),
            from_pdf: to_pdf(first).inverse(),
            size: e.size,
        };
        names.insert(key, layer);
        firsts.push((name, e.first.0, e.first.1));
    }
    (names, firsts)
}

/// A new Form XObject holding `content`, the content stream of `page` (object
/// `page_id`): its bounding box is the page's media box, its resources the page's own.
pub(super) fn add_form(
    lo: &mut lopdf::Document,
    page_id: lopdf::ObjectId,
    page: &crate::scene::Page,
    content: Vec<u8>,
) -> lopdf::ObjectId {
    let (_, _, w, h) = page.media_box();
    add_form_of(lo, page_id, (0.0, 0.0, w, h), content)
}

/// How far the bounding box of a shared drawing's form reaches past its
/// sheet, mm: the places that show it clip it themselves (a tile to its
/// region, often on the drawing's edge), and a second clip on the same edge
/// would paint that edge's pixels fainter in some viewers (poppler).
const FORM_PAD: f64 = 2.0;

/// A new Form XObject holding `content`, the content stream of a layer that
/// several pages share, first shown on `page` (object `page_id`): its
/// bounding box is that page's media box, its resources the page's own.
pub(super) fn add_layer_form(
    lo: &mut lopdf::Document,
    page_id: lopdf::ObjectId,
    page: &crate::scene::Page,
    content: Vec<u8>,
) -> lopdf::ObjectId {
    add_form(lo, page_id, page, content)
}

/// A new Form XObject holding `content`, the content stream of the shared
/// drawing `r` (see [`super::content::drawing_content`]): its bounding box
/// is the drawing's sheet with its bleed, [`FORM_PAD`] wider on every side,
/// its resources those of the page `page_id` (every page's fonts, pictures,
/// shadings and forms are the same shared dictionaries).
pub(super) fn add_drawing_form(
    lo: &mut lopdf::Document,
    page_id: lopdf::ObjectId,
    r: &PageRef,
    content: Vec<u8>,
) -> lopdf::ObjectId {
    let (x, y) = (r.width + 2.0 * r.bleed, r.height + 2.0 * r.bleed);
    let bbox = (-FORM_PAD, -FORM_PAD, x + FORM_PAD, y + FORM_PAD);
    add_form_of(lo, page_id, bbox, content)
}

/// A Form XObject of `content`, its bounding box `(x0, y0, x1, y1)` mm in
/// its space (origin at the drawing's lower left corner), its resources
/// those of the page `page_id`.
fn add_form_of(
    lo: &mut lopdf::Document,
    page_id: lopdf::ObjectId,
    (x0, y0, x1, y1): (f64, f64, f64, f64),
    content: Vec<u8>,
) -> lopdf::ObjectId {
    use lopdf::{dictionary, Object};
    // A page's corner is written as the integer 0, as it always was.
    let corner = |v: f64| match v == 0.0 {
        true => Object::Integer(0),
        false => mm_to_pt(v),
    };
    let resources = lo
        .get_dictionary(page_id)
        .and_then(|d| d.get(b"Resources"))
        .cloned()
        .unwrap_or_else(|_| Object::Dictionary(lopdf::Dictionary::new()));
    let dict = dictionary! {
        "Type" => "XObject",
        "Subtype" => "Form",
        "BBox" => vec![corner(x0), corner(y0), mm_to_pt(x1), mm_to_pt(y1)],
        "Resources" => resources,
    };
    lo.add_object(lopdf::Stream::new(dict, content))
}

/// Names every form in the XObject resources of the page `page_id`.
pub(super) fn name_forms(
    lo: &mut lopdf::Document,
    page_id: lopdf::ObjectId,
    forms: &[(String, lopdf::ObjectId)],
) {
    if forms.is_empty() {
        return;
    }
    let entries: Vec<(Vec<u8>, lopdf::Object)> = forms
        .iter()
        .map(|(name, id)| (name.as_bytes().to_vec(), lopdf::Object::Reference(*id)))
        .collect();
    add_resources(lo, page_id, b"XObject", &entries);
}
