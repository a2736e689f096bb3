//! Material signatures: how many kings and men each colour has (`3K v 1K`, `2K1M v 1K`).

use std::fmt;
use std::str::FromStr;

use bushka_geometry::{ByColour, Colour};

/// Most pieces a signature may hold (a bound on table sizes the user controls).
pub const MAX_PIECES: u32 = 8;

/// The material of a table: kings and men per colour, White first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    /// Kings per colour.
    pub kings: ByColour<u8>,
    /// Men per colour.
    pub men: ByColour<u8>,
}

/// A signature that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("bad material `{input}`: {why} (expected e.g. `3K v 1K` or `2K1M v 1K`)")]
pub struct MaterialError {
    /// The input.
    pub input: String,
    /// What is wrong.
    pub why: String,
}

impl Material {
    /// Pieces of one colour.
    pub fn pieces(&self, colour: Colour) -> u32 {
        u32::from(self.kings[colour]) + u32::from(self.men[colour])
    }

    /// Pieces on the board.
    pub fn total(&self) -> u32 {
        self.pieces(Colour::White) + self.pieces(Colour::Black)
    }

    /// Whether no men are left (colours then play alike).
    pub fn kings_only(&self) -> bool {
        self.men == ByColour::new(0, 0)
    }

    /// The same material with the colours exchanged.
    pub fn swapped(&self) -> Material {
        Material {
            kings: self.kings.swapped(),
            men: self.men.swapped(),
        }
    }

    /// Every signature of at most `n` pieces in which both colours have a piece,
    /// smallest first.
    pub fn up_to(n: u32) -> Vec<Material> {
        let n = n.min(MAX_PIECES) as u8;
        let mut out = Vec::new();
        for wk in 0..=n {
            for wm in 0..=n - wk {
                for bk in 0..=n - wk - wm {
                    for bm in 0..=n - wk - wm - bk {
                        let m = Material {
                            kings: ByColour::new(wk, bk),
                            men: ByColour::new(wm, bm),
                        };
                        if wk + wm > 0 && bk + bm > 0 {
                            out.push(m);
                        }
                    }
                }
            }
        }
        out.sort_by_key(|m| (m.total(), *m));
        out
    }

    /// The file-name form, `3Kv1K`.
    pub fn file_stem(&self) -> String {
        self.to_string().replace(' ', "")
    }
}

fn side_text(kings: u8, men: u8) -> String {
    match (kings, men) {
        (0, 0) => "0".into(),
        (k, 0) => format!("{k}K"),
        (0, m) => format!("{m}M"),
        (k, m) => format!("{k}K{m}M"),
    }
}

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} v {}",
            side_text(self.kings[Colour::White], self.men[Colour::White]),
            side_text(self.kings[Colour::Black], self.men[Colour::Black])
        )
    }
}

/// Reads one colour's part: `3K`, `2K1M`, `1M`, `0`.
fn parse_side(text: &str) -> Result<(u8, u8), String> {
    let text = text.trim();
    if text == "0" {
        return Ok((0, 0));
    }
    let (mut kings, mut men) = (None, None);
    let mut digits = String::new();
    for ch in text.chars() {
        match ch {
            '0'..='9' => digits.push(ch),
            'K' | 'k' | 'M' | 'm' => {
                let n: u8 = digits
                    .parse()
                    .map_err(|_| format!("`{ch}` in `{text}` needs a count before it"))?;
                digits.clear();
                let slot = if ch.eq_ignore_ascii_case(&'K') {
                    &mut kings
                } else {
                    &mut men
                };
                if slot.replace(n).is_some() {
                    return Err(format!("`{text}` gives `{ch}` twice"));
                }
            }
            c if c.is_whitespace() => {}
            _ => return Err(format!("unexpected `{ch}` in `{text}`")),
        }
    }
    if !digits.is_empty() {
        return Err(format!("`{text}` ends with a count and no K or M"));
    }
    if kings.is_none() && men.is_none() {
        return Err(format!("`{text}` names no pieces"));
    }
    Ok((kings.unwrap_or(0), men.unwrap_or(0)))
}

impl FromStr for Material {
    type Err = MaterialError;

    fn from_str(text: &str) -> Result<Material, MaterialError> {
        let err = |why: String| MaterialError {
            input: text.to_string(),
            why,
        };
        let lower = text.to_ascii_lowercase();
        let (white, black) = lower
            .split_once(" v ")
            .or_else(|| lower.split_once('v'))
            .ok_or_else(|| err("White's and Black's pieces are separated by `v`".into()))?;
        let (wk, wm) = parse_side(white).map_err(err)?;
        let (bk, bm) = parse_side(black).map_err(err)?;
        let material = Material {
            kings: ByColour::new(wk, bk),
            men: ByColour::new(wm, bm),
        };
        if material.pieces(Colour::White) == 0 && material.pieces(Colour::Black) == 0 {
            return Err(err("a table needs at least one piece".into()));
        }
        if material.total() > MAX_PIECES {
            return Err(err(format!("at most {MAX_PIECES} pieces are supported")));
        }
        Ok(material)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints() {
        let m: Material = "2K1M v 1K".parse().expect("valid");
        assert_eq!(m.kings, ByColour::new(2, 1));
        assert_eq!(m.men, ByColour::new(1, 0));
        assert_eq!(m.to_string(), "2K1M v 1K");
        assert_eq!(m.file_stem(), "2K1Mv1K");
        assert_eq!(
            "3kv1k".parse::<Material>().expect("valid").to_string(),
            "3K v 1K"
        );
        assert_eq!("1M v 0".parse::<Material>().expect("valid").total(), 1);
    }

    #[test]
    fn signatures_up_to_four_pieces() {
        let all = Material::up_to(4);
        // Both colours have 1 to 3 pieces, each a mix of kings and men.
        let sides = |k: usize| k + 1;
        let expected: usize = (1..=3)
            .flat_map(|w| (1..=4 - w).map(move |b| sides(w) * sides(b)))
            .sum();
        assert_eq!(all.len(), expected);
        assert!(all.contains(&"2K1M v 1K".parse().expect("valid")));
        assert!(all.windows(2).all(|p| p[0].total() <= p[1].total()));
    }

    #[test]
    fn refuses_nonsense() {
        for bad in [
            "3K",
            "3K v",
            "K v 1K",
            "3X v 1K",
            "0 v 0",
            "9K v 1K",
            "2K2K v 1K",
        ] {
            assert!(bad.parse::<Material>().is_err(), "{bad}");
        }
    }
}
