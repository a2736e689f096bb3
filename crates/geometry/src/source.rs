//! A variant file's text as it is loaded: read from disk, parsed as TOML, and the
//! errors located in it.

use std::ops::Range;

use crate::error::{ErrorKind, Location, VariantError};
use crate::file::Name;
use crate::limits::{MAX_VARIANT_BYTES, precheck, read_text_file};
use crate::message::humanize;

/// The text being loaded and its name for errors.
pub(crate) struct Source<'a> {
    /// The file's text.
    pub text: &'a str,
    /// Its path or built-in name.
    pub origin: &'a str,
}

impl Source<'_> {
    /// An error at `span` of the text (none, or an empty span: no place).
    pub(crate) fn err(&self, span: Option<&Range<usize>>, kind: ErrorKind) -> VariantError {
        VariantError {
            origin: self.origin.to_string(),
            location: span.and_then(|s| Location::of_span(self.text, s)),
            kind: Box::new(kind),
        }
    }

    /// An error at the value `name`.
    pub(crate) fn at(&self, name: &Name, kind: ErrorKind) -> VariantError {
        self.err(Some(&name.span()), kind)
    }
}

/// A variant file's text and its name for errors.
pub(crate) fn read(path: &std::path::Path) -> Result<(String, String), VariantError> {
    let origin = path.display().to_string();
    let text = read_text_file(path, MAX_VARIANT_BYTES as u64).map_err(|e| VariantError {
        origin: origin.clone(),
        location: None,
        kind: Box::new(ErrorKind::Io(e.to_string())),
    })?;
    Ok((text, origin))
}

/// Reads the TOML of `source.text` into `T`, with the reader's errors in plain words.
pub(crate) fn parse<T: serde::de::DeserializeOwned>(source: &Source) -> Result<T, VariantError> {
    let (text, origin) = (source.text, source.origin);
    precheck(text, origin)?;
    if text
        .lines()
        .all(|l| l.trim().is_empty() || l.trim_start().starts_with('#'))
    {
        return Err(source.err(None, ErrorKind::Empty));
    }
    toml::from_str(text).map_err(|e| {
        let message = humanize(e.message());
        let kind = if message.starts_with("unknown key") || message.starts_with("unknown choice") {
            ErrorKind::UnknownKey(message)
        } else if message.starts_with("missing key") {
            ErrorKind::MissingKey(message)
        } else {
            ErrorKind::Toml(message)
        };
        // Syntax errors carry an empty span at the point of failure; keep its place
        // (`Source::err` reads empty spans as "no place").
        VariantError {
            origin: origin.to_string(),
            location: e.span().map(|s| Location::of_offset(text, s.start)),
            kind: Box::new(kind),
        }
    })
}
