//! The variants embedded in the binary, and `--variant` resolution.

use std::path::Path;

use crate::assemble::{load_path, load_str};
use crate::error::{ErrorKind, VariantError};
use crate::geometry::Geometry;

/// A variant file compiled into the binary, with the learned evaluation it names.
#[derive(Debug, Clone, Copy)]
pub struct Builtin {
    /// The file stem, used as `--variant NAME`.
    pub name: &'static str,
    /// The file's text.
    pub text: &'static str,
    /// The weights file the variant names, if it names one (`[evaluation] weights`,
    /// the path `weights/NAME.toml` beside it in `variants/`), and that file's text
    /// (written by `bushka train`; the command and seed are at its top).
    pub weights: Option<(&'static str, &'static str)>,
}

/// The built-ins of these names: `variants/NAME.toml`, and `variants/weights/NAME.toml`
/// for those marked `learned` (the variants that ship a learned evaluation).
macro_rules! builtins {
    ($($name:literal $($learned:ident)?),* $(,)?) => {
        &[$(Builtin {
            name: $name,
            text: include_str!(concat!("../../../variants/", $name, ".toml")),
            weights: builtins!(@weights $name $($learned)?),
        }),*]
    };
    (@weights $name:literal learned) => {
        Some((
            concat!("weights/", $name, ".toml"),
            include_str!(concat!("../../../variants/weights/", $name, ".toml")),
        ))
    };
    (@weights $name:literal) => {
        None
    };
}

/// Every built-in variant: the three official boards first, then the authored ones,
/// then the draughts family, then Fanorona.
pub const BUILTIN: &[Builtin] = builtins!(
    "bushka" learned,
    "bushka-9x11" learned,
    "hexbushka" learned,
    "hexbushka-4",
    "bushka-cylinder" learned,
    "draughts" learned,
    "brazilian" learned,
    "hexdame" learned,
    "checkers" learned,
    "russian" learned,
    "pool" learned,
    "canadian" learned,
    "frisian" learned,
    "frysk" learned,
    "italian" learned,
    "spanish" learned,
    "czech" learned,
    "thai" learned,
    "turkish" learned,
    "killer" learned,
    "antidraughts" learned,
    "breakthrough" learned,
    "fanorona" learned,
);

/// Loads the built-in variant called `name`.
pub fn builtin(name: &str) -> Option<Result<Geometry, VariantError>> {
    BUILTIN
        .iter()
        .find(|b| b.name == name)
        .map(|b| load_str(b.text, &format!("{}.toml (built-in)", b.name)))
}

/// Resolves a `--variant` argument: a built-in name, or a path to a `.toml` file.
pub fn resolve(spec: &str) -> Result<Geometry, VariantError> {
    if let Some(result) = builtin(spec) {
        return result;
    }
    let path = Path::new(spec);
    if path.symlink_metadata().is_ok() || spec.ends_with(".toml") {
        return load_path(path);
    }
    let names: Vec<&str> = BUILTIN.iter().map(|b| b.name).collect();
    Err(VariantError {
        origin: spec.to_string(),
        location: None,
        kind: Box::new(ErrorKind::Io(format!(
            "no built-in variant or file of that name (built-in: {})",
            names.join(", ")
        ))),
    })
}
