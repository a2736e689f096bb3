//! A variant's identity for table files: its id and a hash of everything the rules
//! read from it (cells, links, forward directions, promotion zones, rule switches).

use std::fmt::Write;

use bushka_geometry::{
    Colour, DirSet, Geometry, Goal, KingLanding, Precedence, PromotionDuringCapture, Removal,
};
use sha2::{Digest, Sha256};

/// The variant a table belongs to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fingerprint {
    /// The variant's id (its file stem, e.g. `hexbushka`).
    pub variant: String,
    /// SHA-256 of the board and rules as the move generator sees them.
    pub hash: [u8; 32],
}

impl Fingerprint {
    /// The fingerprint of a compiled geometry.
    pub fn of(geometry: &Geometry) -> Fingerprint {
        // A plain text description: stable across builds and platforms.
        let mut text = String::new();
        let rules = geometry.rules();
        let _ = writeln!(
            text,
            "rules {:?} {} {} {:?} {:?} {}",
            rules.capture,
            rules.min_line,
            rules.majority(),
            rules.king_range,
            rules.men_capture,
            rules.line_moves
        );
        // The draughts family's clauses, written only where one departs from the
        // defaults, so that the fingerprints of earlier variants stay as they were.
        let all = DirSet::first(geometry.direction_count());
        let clauses = (
            rules.precedence,
            rules.removal,
            rules.king_landing,
            rules.capture_turn_back,
            rules.men_capture_kings,
            rules.king_moves,
            rules.king_captures,
            rules.promotion_during_capture,
            rules.goal,
            rules.max_same_king_moves,
            rules.first,
        );
        let defaults = (
            if rules.majority() {
                Precedence::MOST_PIECES
            } else {
                Precedence::FREE
            },
            Removal::EndOfMove,
            KingLanding::Any,
            true,
            true,
            all,
            all,
            PromotionDuringCapture::ContinueAsMan,
            Goal::NoMovesLoses,
            0,
            Colour::White,
        );
        if clauses != defaults {
            let _ = writeln!(text, "clauses {clauses:?}");
        }
        for d in geometry.dirs() {
            let opposite = geometry.opposite(d);
            let _ = writeln!(text, "dir {d:?} opposite {opposite:?}");
        }
        for cell in geometry.cells() {
            let _ = write!(text, "cell {cell:?} {}", geometry.name(cell));
            for d in geometry.dirs() {
                match geometry.neighbour(cell, d) {
                    Some(n) => {
                        let _ = write!(text, " {n:?}");
                    }
                    None => text.push_str(" -"),
                }
            }
            text.push('\n');
        }
        for p in Colour::BOTH {
            let side = geometry.side(p);
            let mut zone = side.promotion.clone();
            zone.sort_unstable();
            let _ = writeln!(
                text,
                "side {} forward {:?} promotion {zone:?}",
                p.name(),
                side.forward
            );
        }
        Fingerprint {
            variant: geometry.meta().id.clone(),
            hash: Sha256::digest(text.as_bytes()).into(),
        }
    }

    /// The first bytes of the hash in hexadecimal, for messages.
    pub fn short_hash(&self) -> String {
        self.hash[..6].iter().map(|b| format!("{b:02x}")).collect()
    }
}
