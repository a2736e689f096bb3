//! Game record files for `replay` and `play --load`: reading them within a size cap,
//! and the board they are played on.
//!
//! A record is something people share, so its `[Variant]` tag is trusted only so far:
//! it may name a built-in variant, or a variant file (`*.toml`) in the record's own
//! directory, by its bare file name. Anything else (a path elsewhere, standard input
//! naming a file) needs `--variant`.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use bushka_geometry::{BUILTIN, Geometry, read_text_file};
use bushka_rules::{MAX_RECORD_BYTES, Record};

use crate::commands::{DEFAULT_VARIANT, load_variant};
use crate::error::CliError;

/// Reads a record file, or standard input for `-`, refusing more than
/// [`MAX_RECORD_BYTES`] and anything but a regular file.
pub fn read_record(file: &str) -> Result<Record, CliError> {
    let file_error = |error| CliError::File {
        path: file.to_string(),
        error,
    };
    let text = if file == "-" {
        let mut data = Vec::new();
        std::io::stdin()
            .take(MAX_RECORD_BYTES as u64 + 1)
            .read_to_end(&mut data)
            .map_err(file_error)?;
        if data.len() > MAX_RECORD_BYTES {
            return Err(file_error(std::io::Error::other(format!(
                "the record is over {MAX_RECORD_BYTES} bytes; at most {MAX_RECORD_BYTES} are read"
            ))));
        }
        String::from_utf8(data).map_err(|_| {
            file_error(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                "not UTF-8 text",
            ))
        })?
    } else {
        read_text_file(Path::new(file), MAX_RECORD_BYTES as u64).map_err(file_error)?
    };
    Record::parse(&text).map_err(|error| CliError::Record {
        file: file.to_string(),
        error: Box::new(error),
    })
}

/// Where a game's board comes from, before anything is loaded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariantSource {
    /// A `--variant` argument: a built-in name or a path.
    Given(String),
    /// A built-in variant, by name.
    Builtin(String),
    /// A variant file next to the record, named by its `[Variant]` tag.
    File(PathBuf),
}

impl VariantSource {
    /// Loads (compiles) the variant.
    pub fn load(&self) -> Result<Geometry, CliError> {
        match self {
            VariantSource::Given(spec) => load_variant(spec),
            VariantSource::Builtin(name) => load_variant(name),
            VariantSource::File(path) => Ok(bushka_geometry::load_path(path)?),
        }
    }
}

/// The board of a game: `--variant` when given (`explicit`), else the loaded record's
/// `[Variant]` tag (`record`, read from `file`), else the built-in variant of its PDN
/// `[GameType]`, else the default; with the name to write in a saved record's
/// `[Variant]` tag.
pub fn game_variant(
    explicit: Option<&str>,
    record: Option<&Record>,
    file: &str,
) -> Result<(Geometry, String), CliError> {
    let (source, name) = game_variant_source(explicit, record, file)?;
    Ok((source.load()?, name))
}

/// Which board [`game_variant`] would load, without loading it (a tag naming a file
/// is checked to exist), and the name for a saved record's `[Variant]` tag.
pub fn game_variant_source(
    explicit: Option<&str>,
    record: Option<&Record>,
    file: &str,
) -> Result<(VariantSource, String), CliError> {
    if let Some(spec) = explicit {
        return Ok((VariantSource::Given(spec.to_string()), tag_name(spec)));
    }
    let Some(tag) = record.and_then(|r| r.tag("Variant")) else {
        let name = record
            .and_then(|r| r.tag("GameType"))
            .and_then(variant_of_gametype)
            .unwrap_or(DEFAULT_VARIANT);
        return Ok((VariantSource::Builtin(name.to_string()), name.to_string()));
    };
    if BUILTIN.iter().any(|b| b.name == tag) {
        return Ok((VariantSource::Builtin(tag.to_string()), tag.to_string()));
    }
    let refuse = |why: String| CliError::RecordVariant {
        file: file.to_string(),
        tag: tag.to_string(),
        why,
    };
    let bare = !tag.contains(['/', '\\']) && tag.ends_with(".toml") && tag != ".toml";
    if file == "-" {
        return Err(refuse(
            "a record read from standard input may name only a built-in variant; give --variant"
                .into(),
        ));
    }
    if !bare {
        return Err(refuse(
            "a record may name only a built-in variant or a variant file (*.toml) next to it; give --variant"
                .into(),
        ));
    }
    let dir = Path::new(file).parent().unwrap_or(Path::new(""));
    let path = dir.join(tag);
    if path.symlink_metadata().is_err() {
        return Err(refuse(format!(
            "no built-in variant or file {} of that name; give --variant",
            path.display()
        )));
    }
    Ok((VariantSource::File(path), tag.to_string()))
}

/// The `[Variant]` tag for a `--variant` argument: a built-in name as it is, a file by
/// its file name (so the record reloads when saved next to it).
pub(crate) fn tag_name(spec: &str) -> String {
    if BUILTIN.iter().any(|b| b.name == spec) {
        return spec.to_string();
    }
    Path::new(spec)
        .file_name()
        .map_or_else(|| spec.to_string(), |n| n.to_string_lossy().into_owned())
}

/// The built-in variant whose PDN `GameType` is the tag's first field (`20` or
/// `20,W,10,10,N2,0`). The built-ins' numbers are read once.
fn variant_of_gametype(tag: &str) -> Option<&'static str> {
    static NUMBERS: OnceLock<Vec<(u32, &'static str)>> = OnceLock::new();
    let number: u32 = tag.split(',').next()?.trim().parse().ok()?;
    let numbers = NUMBERS.get_or_init(|| {
        BUILTIN
            .iter()
            .filter_map(|b| {
                let geometry = bushka_geometry::builtin(b.name)?.ok()?;
                Some((geometry.meta().pdn_gametype?, b.name))
            })
            .collect()
    });
    numbers
        .iter()
        .find(|(n, _)| *n == number)
        .map(|(_, name)| *name)
}
