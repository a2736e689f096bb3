//! Capture styles. Each style generates the captures of a position; the generator
//! falls back to the shared quiet moves when a style finds none. Bushka's contact
//! capture is the only style so far; draughts' jump capture would be a sibling module.

pub(crate) mod contact;
