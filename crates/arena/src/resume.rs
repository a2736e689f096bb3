//! Resuming a match: games kept by an earlier, interrupted run read back from their
//! records instead of being played again.
//!
//! A record is taken only if it is, to the byte, the record this match writes for
//! its game: same variant, seed, players in the same colours, opening, time control
//! and ending. The moves are replayed on the board, so the game's statistics are
//! measured again, never trusted from the file.

use bushka_engine::{End, Fault};
use bushka_geometry::Colour;
use bushka_rules::{Bits, Game, Record};

use crate::error::ArenaError;
use crate::matches::{Context, MatchGame, opening_tag};
use crate::play::{self, Termination};

/// A game of a match as an earlier run kept it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SavedGame {
    /// The game's index in the match, from 0.
    pub index: usize,
    /// Where it was kept (a file name), for messages.
    pub name: String,
    /// Its record, as the earlier run wrote it.
    pub text: String,
}

/// The game `saved` holds, as this match would have played it, or why it is not a
/// game of this match.
pub(crate) fn read_back<B: Bits>(
    context: &Context<'_, B>,
    saved: &SavedGame,
) -> Result<MatchGame, ArenaError> {
    let fail = |why: String| ArenaError::Saved {
        name: saved.name.clone(),
        game: saved.index + 1,
        why,
    };
    let record = Record::parse(&saved.text).map_err(|e| fail(e.to_string()))?;
    let max_plies = context.config.max_plies;
    let opened = play::open(saved.index, &context.opening(saved.index), max_plies)?;
    let opening = opened.moves().len();
    check_tags(context, (saved.index, opening), &record).map_err(&fail)?;
    let mut game = record
        .replay(std::sync::Arc::clone(opened.board()))
        .map_err(|e| fail(e.to_string()))?;
    if game.start() != opened.start() || !game.moves().starts_with(opened.moves()) {
        return Err(fail(format!(
            "its opening is not this match's for game {} (another seed, --ballots or --random-opening?)",
            saved.index + 1
        )));
    }
    // An opening (a long ballot) may pass the limit: its games stop right after it.
    let max_plies = max_plies.max(opening);
    if game.moves().len() > max_plies {
        return Err(fail(format!(
            "it has {} plies, more than --max-plies {max_plies}",
            game.moves().len(),
        )));
    }
    let end = ending(&mut game, &record, max_plies).map_err(&fail)?;
    let read = MatchGame::of(context, saved.index, &game, end, opening);
    match read.record.as_deref() {
        Some(text) if text == saved.text => Ok(read),
        Some(text) => Err(fail(format!(
            "it is not the record this match writes for this game (edited, or written by another version?): {}",
            first_difference(&saved.text, text)
        ))),
        None => Err(fail(
            "this match keeps no records to compare it with".into(),
        )),
    }
}

/// Checks the tags that say which match and game a record is of: game `index`,
/// opened by `opening` plies.
fn check_tags<B: Bits>(
    context: &Context<'_, B>,
    (index, opening): (usize, usize),
    record: &Record,
) -> Result<(), String> {
    let (white, black) = context.names(index);
    let config = context.config;
    let timing = config.timed.as_ref().map(|timed| timed.timing.to_string());
    let mut expected: Vec<(&str, Option<String>)> = config
        .record_tags
        .iter()
        .flatten()
        .map(|(key, value)| (key.as_str(), Some(value.clone())))
        .collect();
    expected.extend([
        ("Round", Some((index + 1).to_string())),
        ("White", Some(white)),
        ("Black", Some(black)),
        ("TimeControl", timing),
        ("Opening", opening_tag(opening)),
    ]);
    for (key, value) in expected {
        let found = record.tag(key);
        if found != value.as_deref() {
            let says = |v: Option<&str>| v.map_or("none".to_string(), |v| format!("`{v}`"));
            return Err(format!(
                "its {key} tag is {}, this match's game {} has {}",
                says(found),
                index + 1,
                says(value.as_deref())
            ));
        }
    }
    Ok(())
}

/// How a replayed game ended: by the rules (a resignation or an agreed draw, which
/// the moves do not show, declared again as its tags say), at the ply limit, or by
/// the forfeit its `Termination` tag names.
fn ending<B: Bits>(game: &mut Game<B>, record: &Record, max_plies: usize) -> Result<End, String> {
    let termination = record.tag("Termination").unwrap_or_default();
    if game.outcome().is_none() {
        if termination == Termination::Agreement.describe() {
            game.agree_draw();
        } else if termination == Termination::Resignation.describe() {
            match record.tag("Result") {
                Some("1-0") => game.resign(Colour::Black),
                Some("0-1") => game.resign(Colour::White),
                other => {
                    return Err(format!(
                        "its Result tag {} names no winner of a resignation",
                        other.map_or("none".to_string(), |r| format!("`{r}`"))
                    ));
                }
            }
        }
    }
    if let Some(outcome) = game.outcome() {
        return Ok(End::Rule(outcome));
    }
    if let Some(forfeit) = termination.strip_prefix("forfeit by ") {
        let (side, fault) = forfeit.split_once(": ").unwrap_or((forfeit, ""));
        let loser = [Colour::White, Colour::Black]
            .into_iter()
            .find(|colour| colour.name() == side);
        if let (Some(loser), Some(fault)) = (loser, Fault::from_words(fault)) {
            return Ok(End::Forfeit { loser, fault });
        }
        return Err(format!(
            "its Termination tag `{termination}` names no forfeit"
        ));
    }
    if termination == Termination::PlyLimit.describe() && game.moves().len() == max_plies {
        return Ok(End::PlyLimit);
    }
    Err(format!(
        "the game is unfinished after {} plies (Termination `{termination}`)",
        game.moves().len()
    ))
}

/// Where two records first differ: the line's number and both texts.
fn first_difference(found: &str, expected: &str) -> String {
    let mut found_lines = found.lines();
    let mut expected_lines = expected.lines();
    for number in 1.. {
        match (found_lines.next(), expected_lines.next()) {
            (Some(f), Some(e)) if f == e => {}
            (None, None) => break,
            (f, e) => {
                let text =
                    |line: Option<&str>| line.map_or("the end".to_string(), |l| format!("`{l}`"));
                return format!(
                    "line {number} is {}, this match writes {}",
                    text(f),
                    text(e)
                );
            }
        }
    }
    "the two differ only in their line ends".to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use bushka_engine::FaultKind;
    use bushka_rules::{AnyBoard, Board, DrawReason, Outcome, WinReason, with_board};

    fn tagged(termination: &str) -> Record {
        Record::parse(&format!("[Termination \"{termination}\"]\n\n*\n")).expect("a record")
    }

    fn endings<B: Bits>(board: &std::sync::Arc<Board<B>>) {
        let game = Game::new(std::sync::Arc::clone(board)).expect("the start lists its moves");
        let end = ending(
            &mut game.clone(),
            &tagged("forfeit by Black: crashed: it exited"),
            400,
        );
        assert_eq!(
            end,
            Ok(End::Forfeit {
                loser: Colour::Black,
                fault: Fault::new(FaultKind::Crashed, "it exited")
            })
        );
        let limit = Termination::PlyLimit.describe();
        assert_eq!(
            ending(&mut game.clone(), &tagged(limit), 0),
            Ok(End::PlyLimit)
        );
        for (termination, max_plies) in [
            (limit, 400),
            ("forfeit by Grey: crashed: it exited", 400),
            ("forfeit by White: sulked: it exited", 400),
            ("no legal move", 400),
        ] {
            assert!(
                ending(&mut game.clone(), &tagged(termination), max_plies).is_err(),
                "{termination}"
            );
        }
        // A resignation or an agreed draw is declared again, as the tags say.
        let resigned = Record::parse("[Termination \"resignation\"]\n[Result \"0-1\"]\n\n0-1\n")
            .expect("a record");
        assert_eq!(
            ending(&mut game.clone(), &resigned, 400),
            Ok(End::Rule(Outcome::Win {
                winner: Colour::Black,
                reason: WinReason::Resignation
            }))
        );
        assert_eq!(
            ending(&mut game.clone(), &tagged("agreement"), 400),
            Ok(End::Rule(Outcome::Draw {
                reason: DrawReason::Agreement
            }))
        );
        assert!(ending(&mut game.clone(), &tagged("resignation"), 400).is_err());
    }

    #[test]
    fn a_difference_is_named_by_its_line() {
        assert_eq!(
            first_difference("a\nb\nc", "a\nx\nc"),
            "line 2 is `b`, this match writes `x`"
        );
        assert_eq!(
            first_difference("a\n", "a\nb\n"),
            "line 2 is the end, this match writes `b`"
        );
        assert_eq!(
            first_difference("a\r\n", "a\n"),
            "the two differ only in their line ends"
        );
    }

    #[test]
    fn an_unfinished_game_ends_as_its_termination_tag_says() {
        let geometry = bushka_geometry::builtin("bushka")
            .and_then(Result::ok)
            .expect("the built-in Bushka");
        let board = AnyBoard::new(geometry);
        with_board!(&board, b => endings(b));
    }
}
