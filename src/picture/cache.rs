//! Work on pictures kept from one document to the next made by the same
//! process. The web page's worker makes a document at every change of a
//! choice, and its photos, unchanged, need not be decoded, framed, scaled
//! and separated again each time: a 12-megapixel photo takes seconds in
//! WebAssembly. (The command line makes one document and gains nothing.)
//!
//! Each result is kept under the [`Step`] that made it, the digest of the
//! picture it was made from and the numbers that shaped it (a frame, a
//! size), so a result is only reused for the same input. [`next_document`]
//! starts a document: a result that none of the last [`KEPT_DOCUMENTS`]
//! documents used is dropped then, so that only pictures in use stay in
//! memory.
//!
//! The cache belongs to the thread that makes the documents (the page's
//! worker is one thread; the command line makes its document on one), so
//! two threads never see each other's documents: tests that run at once
//! cannot drop each other's results.

use std::any::Any;
use std::cell::RefCell;
use std::sync::Arc;

use rustc_hash::FxHashMap;

/// Documents whose pictures are kept: the page makes a preview and checks
/// the theme at each change, and a download makes one more.
pub const KEPT_DOCUMENTS: u64 = 4;

/// The work a result comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Step {
    /// The drawing found in a photo ([`super::frame::find_drawing`]).
    Found,
    /// A picture framed ([`super::framed::frame_raster`]).
    Framed,
    /// A picture brought to print resolution ([`super::print`]).
    Printable,
    /// A picture separated into a print shop's inks.
    Separated,
}

type Key = (Step, u64, Vec<u64>);

#[derive(Default)]
struct Kept {
    document: u64,
    results: FxHashMap<Key, (u64, Arc<dyn Any + Send + Sync>)>,
}

thread_local! {
    // Counted from KEPT_DOCUMENTS, not 0: what is made before the first
    // document (the page's worker looks at a photo as it is chosen) is kept
    // for the next documents as it is later, not dropped by the first.
    static KEPT: RefCell<Kept> = RefCell::new(Kept {
        document: KEPT_DOCUMENTS,
        ..Kept::default()
    });
}

fn with<R>(f: impl FnOnce(&mut Kept) -> R) -> R {
    KEPT.with(|k| f(&mut k.borrow_mut()))
}

/// Starts a document: drops what none of the last [`KEPT_DOCUMENTS`]
/// documents used.
pub fn next_document() {
    with(|k| {
        k.document += 1;
        let oldest = k.document.saturating_sub(KEPT_DOCUMENTS);
        k.results.retain(|_, (used, _)| *used > oldest);
    });
}

/// The result of `step` on the picture with `digest`, shaped by `numbers`:
/// kept from an earlier call, else made by `make` (outside the lock, so
/// that `make` may use the cache too) and kept.
pub fn get_or<T: Clone + Send + Sync + 'static>(
    step: Step,
    digest: u64,
    numbers: &[u64],
    make: impl FnOnce() -> T,
) -> T {
    let key: Key = (step, digest, numbers.to_vec());
    let found = with(|k| {
        let now = k.document;
        k.results.get_mut(&key).and_then(|(used, value)| {
            *used = now;
            value.downcast_ref::<T>().cloned()
        })
    });
    if let Some(v) = found {
        return v;
    }
    let made = make();
    with(|k| {
        let now = k.document;
        k.results.insert(key, (now, Arc::new(made.clone())));
    });
    made
}

/// The bits of an `f64`, as a number of a key.
pub fn bits(x: f64) -> u64 {
    x.to_bits()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_are_reused_for_the_same_input_only_and_dropped_when_unused() {
        // A digest no other test uses.
        let d = 0x5eed_cafe_f00d_0001;
        let mut made = 0;
        let mut get = |n: u64| {
            get_or(Step::Printable, d, &[n], || {
                made += 1;
                n * 10
            })
        };
        assert_eq!(get(1), 10);
        assert_eq!(get(1), 10);
        assert_eq!(get(2), 20);
        assert_eq!(made, 2);
        // Unused for more documents than are kept: made again.
        for _ in 0..=KEPT_DOCUMENTS {
            next_document();
        }
        let again = get_or(Step::Printable, d, &[1], || 11);
        assert_eq!(again, 11);
    }

    #[test]
    fn what_is_made_between_documents_is_kept_for_the_next() {
        let d = 0x5eed_cafe_f00d_0002;
        assert_eq!(get_or(Step::Found, d, &[], || 1), 1);
        next_document();
        assert_eq!(get_or(Step::Found, d, &[], || 2), 1);
    }
}
