//! A pack's strings with their key paths ([`super::Lang::strings`]), read
//! straight from its serde serialisation: the same list, in the same order,
//! as serialising it to a [`toml::Value`] and walking that (tables' keys in
//! sorted order, `a.b` for a table's key, `a[3]` for a list's item, strings
//! only), without building the tree of values and its maps first.
//!
//! Only what the packs hold is read here: structs, strings, lists, options
//! and unit variants (a field's `None` is left out, as TOML leaves it out;
//! numbers and booleans hold no string). Anything else is
//! [`Unsupported`], and the caller walks the TOML value instead.

use serde::ser::{self, Impossible, Serialize};

/// Every string of `value` with its key path, or `None` when `value` holds
/// something this walk does not read (see the module's comment).
pub(super) fn strings<T: Serialize>(value: &T) -> Option<Vec<(String, String)>> {
    let mut flat = Flat {
        out: Vec::with_capacity(512),
        key: String::with_capacity(64),
    };
    value.serialize(&mut flat).ok()?;
    Some(flat.out)
}

/// The strings read so far, and the key path of the value being read.
struct Flat {
    out: Vec<(String, String)>,
    key: String,
}

impl Flat {
    fn push(&mut self, s: &str) {
        self.out.push((self.key.clone(), s.to_string()));
    }
}

/// Why a value was not read: a `None` (left out of a struct, as TOML leaves
/// it out; refused elsewhere), or a kind of value the packs do not hold.
#[derive(Debug)]
pub(super) enum Unsupported {
    None,
    Other,
}

impl std::fmt::Display for Unsupported {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a value a language pack does not hold")
    }
}

impl std::error::Error for Unsupported {}

impl ser::Error for Unsupported {
    fn custom<M: std::fmt::Display>(_: M) -> Self {
        Unsupported::Other
    }
}

type Result<T = ()> = std::result::Result<T, Unsupported>;

impl<'a> ser::Serializer for &'a mut Flat {
    type Ok = ();
    type Error = Unsupported;
    type SerializeSeq = List<'a>;
    type SerializeTuple = Impossible<(), Unsupported>;
    type SerializeTupleStruct = Impossible<(), Unsupported>;
    type SerializeTupleVariant = Impossible<(), Unsupported>;
    type SerializeMap = Impossible<(), Unsupported>;
    type SerializeStruct = Table<'a>;
    type SerializeStructVariant = Impossible<(), Unsupported>;

    // Numbers and booleans are values with no string.
    fn serialize_bool(self, _: bool) -> Result {
        Ok(())
    }
    fn serialize_i8(self, _: i8) -> Result {
        Ok(())
    }
    fn serialize_i16(self, _: i16) -> Result {
        Ok(())
    }
    fn serialize_i32(self, _: i32) -> Result {
        Ok(())
    }
    fn serialize_i64(self, _: i64) -> Result {
        Ok(())
    }
    fn serialize_u8(self, _: u8) -> Result {
        Ok(())
    }
    fn serialize_u16(self, _: u16) -> Result {
        Ok(())
    }
    fn serialize_u32(self, _: u32) -> Result {
        Ok(())
    }
    // TOML refuses an integer past i64: so does this walk.
    fn serialize_u64(self, v: u64) -> Result {
        match i64::try_from(v) {
            Ok(_) => Ok(()),
            Err(_) => Err(Unsupported::Other),
        }
    }
    fn serialize_f32(self, _: f32) -> Result {
        Ok(())
    }
    fn serialize_f64(self, _: f64) -> Result {
        Ok(())
    }
    fn serialize_char(self, v: char) -> Result {
        self.push(v.encode_utf8(&mut [0; 4]));
        Ok(())
    }
    fn serialize_str(self, v: &str) -> Result {
        self.push(v);
        Ok(())
    }
    fn serialize_bytes(self, _: &[u8]) -> Result {
        Err(Unsupported::Other)
    }
    fn serialize_none(self) -> Result {
        Err(Unsupported::None)
    }
    fn serialize_some<T: ?Sized + Serialize>(self, value: &T) -> Result {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result {
        Err(Unsupported::Other)
    }
    fn serialize_unit_struct(self, _: &'static str) -> Result {
        Err(Unsupported::Other)
    }
    // A unit variant is its name, a string.
    fn serialize_unit_variant(self, _: &'static str, _: u32, variant: &'static str) -> Result {
        self.push(variant);
        Ok(())
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(self, _: &'static str, value: &T) -> Result {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result {
        Err(Unsupported::Other)
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<List<'a>> {
        Ok(List {
            flat: self,
            next: 0,
        })
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple> {
        Err(Unsupported::Other)
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct> {
        Err(Unsupported::Other)
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant> {
        Err(Unsupported::Other)
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap> {
        Err(Unsupported::Other)
    }
    fn serialize_struct(self, _: &'static str, len: usize) -> Result<Table<'a>> {
        let start = self.out.len();
        Ok(Table {
            flat: self,
            start,
            fields: Vec::with_capacity(len),
        })
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant> {
        Err(Unsupported::Other)
    }
}

/// A list being read: its items are `key[0]`, `key[1]`, …
pub(super) struct List<'a> {
    flat: &'a mut Flat,
    next: usize,
}

impl ser::SerializeSeq for List<'_> {
    type Ok = ();
    type Error = Unsupported;

    fn serialize_element<T: ?Sized + Serialize>(&mut self, value: &T) -> Result {
        use std::fmt::Write as _;
        let len = self.flat.key.len();
        write!(self.flat.key, "[{}]", self.next).expect("a String takes any text");
        self.next += 1;
        // A `None` item is refused, as TOML refuses it.
        let read = value.serialize(&mut *self.flat);
        self.flat.key.truncate(len);
        read.map_err(|_| Unsupported::Other)
    }

    fn end(self) -> Result {
        Ok(())
    }
}

/// A struct being read: its fields are `key.field`, in the sorted order of
/// a TOML table's keys once all are read (`fields`: each field's name and
/// where its strings start in `out`).
pub(super) struct Table<'a> {
    flat: &'a mut Flat,
    start: usize,
    fields: Vec<(&'static str, usize)>,
}

impl ser::SerializeStruct for Table<'_> {
    type Ok = ();
    type Error = Unsupported;

    fn serialize_field<T: ?Sized + Serialize>(&mut self, name: &'static str, value: &T) -> Result {
        let len = self.flat.key.len();
        if len > 0 {
            self.flat.key.push('.');
        }
        self.flat.key.push_str(name);
        let at = self.flat.out.len();
        let read = value.serialize(&mut *self.flat);
        self.flat.key.truncate(len);
        match read {
            Ok(()) => {
                self.fields.push((name, at));
                Ok(())
            }
            // A field that is `None` is left out of the table.
            Err(Unsupported::None) => {
                self.flat.out.truncate(at);
                Ok(())
            }
            Err(e) => Err(e),
        }
    }

    fn end(self) -> Result {
        let Table {
            flat,
            start,
            mut fields,
        } = self;
        if fields.windows(2).all(|w| w[0].0 < w[1].0) {
            return Ok(());
        }
        // Each field's strings, from where it starts to where the next starts.
        let ends: Vec<usize> = fields
            .iter()
            .skip(1)
            .map(|(_, at)| *at)
            .chain([flat.out.len()])
            .collect();
        let mut spans: Vec<(&str, usize, usize)> = fields
            .drain(..)
            .zip(ends)
            .map(|((name, at), end)| (name, at - start, end - start))
            .collect();
        // Two fields of one name would be one key of the table: refused.
        spans.sort_by(|a, b| a.0.cmp(b.0));
        if spans.windows(2).any(|w| w[0].0 == w[1].0) {
            return Err(Unsupported::Other);
        }
        let mut read = flat.out.split_off(start);
        for (_, from, to) in spans {
            flat.out
                .extend(read[from..to].iter_mut().map(std::mem::take));
        }
        Ok(())
    }
}
