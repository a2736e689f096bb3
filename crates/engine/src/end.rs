//! How a game ends, and why a player in another program fails.

use std::fmt;

use bushka_geometry::Colour;
use bushka_rules::Outcome;

/// How a played-out game stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum End {
    /// By a rule of the game (no legal move, repetition, agreement, resignation).
    Rule(Outcome),
    /// The match's ply limit was reached (scored as a draw by the match).
    PlyLimit,
    /// A player failed (a program that crashed, hung, wrote garbage or an illegal
    /// move, or ran out of time): it loses.
    Forfeit {
        /// The side that failed.
        loser: Colour,
        /// What went wrong.
        fault: Fault,
    },
}

impl End {
    /// The result as records write it: `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_text(&self) -> &'static str {
        match self.winner() {
            Some(Colour::White) => "1-0",
            Some(Colour::Black) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// The winner, if any.
    pub fn winner(&self) -> Option<Colour> {
        match self {
            End::Rule(outcome) => outcome.winner(),
            End::PlyLimit => None,
            End::Forfeit { loser, .. } => Some(loser.opponent()),
        }
    }
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            End::Rule(outcome) => write!(f, "{outcome}"),
            End::PlyLimit => write!(f, "stopped at the ply limit"),
            End::Forfeit { loser, fault } => write!(
                f,
                "{} wins: {} forfeits ({fault})",
                loser.opponent().name(),
                loser.name()
            ),
        }
    }
}

/// What went wrong with a player in another program.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum FaultKind {
    /// It could not be started or reached, or refused the game.
    Unavailable,
    /// It exited, or closed its connection.
    Crashed,
    /// It did not answer within its time (or the match's bound on an answer).
    NoAnswer,
    /// It wrote something the protocol does not allow.
    Garbage,
    /// It played a move that is not legal.
    IllegalMove,
    /// It answered, but after its time had run out.
    Time,
}

impl FaultKind {
    /// Every kind, in declaration order.
    pub const ALL: [FaultKind; 6] = [
        FaultKind::Unavailable,
        FaultKind::Crashed,
        FaultKind::NoAnswer,
        FaultKind::Garbage,
        FaultKind::IllegalMove,
        FaultKind::Time,
    ];

    /// Words for reports.
    pub fn describe(self) -> &'static str {
        match self {
            FaultKind::Unavailable => "unavailable",
            FaultKind::Crashed => "crashed",
            FaultKind::NoAnswer => "no answer",
            FaultKind::Garbage => "garbage",
            FaultKind::IllegalMove => "illegal move",
            FaultKind::Time => "out of time",
        }
    }
}

/// A player's failure, with what happened in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    /// What kind of failure.
    pub kind: FaultKind,
    /// What happened (the line received, the move, the error).
    pub detail: String,
}

impl Fault {
    /// A fault of `kind`, described by `detail`.
    pub fn new(kind: FaultKind, detail: impl Into<String>) -> Fault {
        Fault {
            kind,
            detail: detail.into(),
        }
    }

    /// Reads a fault back from its words (`crashed: it exited`), as [`Fault`]'s
    /// `Display` writes them.
    pub fn from_words(text: &str) -> Option<Fault> {
        FaultKind::ALL.into_iter().find_map(|kind| {
            let detail = text.strip_prefix(kind.describe())?.strip_prefix(": ")?;
            Some(Fault::new(kind, detail))
        })
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind.describe(), self.detail)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_fault_kind_is_listed() {
        for kind in FaultKind::ALL {
            // A new kind fails to compile here until it is placed, and then in ALL.
            let place = match kind {
                FaultKind::Unavailable => 0,
                FaultKind::Crashed => 1,
                FaultKind::NoAnswer => 2,
                FaultKind::Garbage => 3,
                FaultKind::IllegalMove => 4,
                FaultKind::Time => 5,
            };
            assert_eq!(FaultKind::ALL[place], kind);
        }
    }

    #[test]
    fn a_fault_reads_back_from_its_words() {
        for kind in FaultKind::ALL {
            let fault = Fault::new(kind, "line: `bestmove 99-1`");
            assert_eq!(Fault::from_words(&fault.to_string()), Some(fault));
        }
        assert_eq!(Fault::from_words("sulked: no"), None);
        assert_eq!(Fault::from_words("crashed"), None);
    }
}
