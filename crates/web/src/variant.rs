//! Which board a request means: a built-in variant by name, or a variant file's text.

use bushka_geometry::BUILTIN;
use bushka_session::Variant;
use serde::Deserialize;

use crate::error::ApiError;

/// The name the loader gives a variant file sent in a request (errors cite it).
pub const PASTED_ORIGIN: &str = "variant.toml";

/// A built-in variant's name, or the text of a variant file (exactly one).
#[derive(Debug, Clone, Default, Deserialize)]
pub struct VariantChoice {
    /// A built-in variant (`bushka`, `hexbushka`...).
    pub variant: Option<String>,
    /// The text of a variant file, validated as `bushka check` does.
    pub variant_text: Option<String>,
}

impl VariantChoice {
    /// The compiled variant; Bushka 10x10 when neither is given.
    pub fn variant(&self, builtins: &Builtins) -> Result<Variant, ApiError> {
        match (&self.variant, &self.variant_text) {
            (Some(_), Some(_)) => Err(ApiError::BadRequest(
                "give either `variant` (a built-in name) or `variant_text` (a variant file), not both"
                    .into(),
            )),
            (_, Some(text)) => compile(text),
            (Some(name), None) => builtins.get(name),
            (None, None) => builtins.get("bushka"),
        }
    }
}

/// Validates and compiles a variant file's text.
pub fn compile(text: &str) -> Result<Variant, ApiError> {
    let geometry = bushka_geometry::load_str(text, PASTED_ORIGIN)?;
    Ok(Variant::new(geometry))
}

/// The built-in boards, compiled once when the server starts.
pub struct Builtins(Vec<(&'static str, Variant)>);

impl Builtins {
    /// Every built-in board that compiles.
    pub fn compile() -> Builtins {
        Builtins(
            BUILTIN
                .iter()
                .filter_map(|b| {
                    let geometry = bushka_geometry::builtin(b.name)?.ok()?;
                    Some((b.name, Variant::new(geometry)))
                })
                .collect(),
        )
    }

    /// The compiled built-in variant called `name`.
    pub fn get(&self, name: &str) -> Result<Variant, ApiError> {
        self.0
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, b)| b.clone())
            .ok_or_else(|| ApiError::UnknownVariant {
                name: name.to_string(),
                builtins: BUILTIN
                    .iter()
                    .map(|b| b.name)
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }
}
