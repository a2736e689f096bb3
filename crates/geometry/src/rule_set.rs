//! The `[rules]` and `[evaluation]` sections (and `[players] first`), validated into a
//! rule set and piece values: every switch checked against its range, and the
//! combinations that make no sense refused with the key at fault.

use std::ops::Range;

use toml::Spanned;

use crate::colour::Colour;
use crate::error::{ErrorKind, VariantError};
use crate::file::{DirectionsSpec, LoneKingDrawSpec, Name, VariantFile};
use crate::geometry::{Direction, Values};
use crate::index::{Dir, DirSet};
use crate::links::direction_index;
use crate::rules::{
    CaptureStyle, Criterion, Goal, KingLanding, KingRange, LoneKingDraws, MAX_LONE_KING_DRAWS,
    MenCapture, Precedence, PromotionDuringCapture, Removal, RuleSet,
};
use crate::source::Source;

/// Reads the switches of one file.
struct Reader<'a> {
    source: &'a Source<'a>,
    dirs: &'a [Direction],
}

impl Reader<'_> {
    fn bad(&self, span: Range<usize>, key: &str, why: &str) -> VariantError {
        self.source.err(
            Some(&span),
            ErrorKind::BadValue {
                key: format!("rules.{key}"),
                why: why.into(),
            },
        )
    }

    /// `lone_king_draw`: each entry's pieces (1 to 255) and plies (1 to 65,535), each
    /// number of pieces once, at most [`MAX_LONE_KING_DRAWS`] entries.
    fn lone_king_draws(
        &self,
        spec: &Option<Spanned<Vec<LoneKingDrawSpec>>>,
    ) -> Result<LoneKingDraws, VariantError> {
        let Some(spec) = spec else {
            return Ok(LoneKingDraws::default());
        };
        let key = "lone_king_draw";
        if spec.get_ref().len() > MAX_LONE_KING_DRAWS {
            let why = format!("at most {MAX_LONE_KING_DRAWS} entries");
            return Err(self.bad(spec.span(), key, &why));
        }
        let mut entries: Vec<(u8, u16)> = Vec::new();
        for entry in spec.get_ref() {
            let pieces = u8::try_from(*entry.pieces.get_ref())
                .ok()
                .filter(|&p| p > 0)
                .ok_or_else(|| self.bad(entry.pieces.span(), key, "pieces: expected 1 to 255"))?;
            let plies = u16::try_from(*entry.plies.get_ref())
                .ok()
                .filter(|&p| p > 0)
                .ok_or_else(|| self.bad(entry.plies.span(), key, "plies: expected 1 to 65535"))?;
            if entries.iter().any(|&(p, _)| p == pieces) {
                let why = format!("{pieces} pieces are given twice");
                return Err(self.bad(entry.pieces.span(), key, &why));
            }
            entries.push((pieces, plies));
        }
        Ok(LoneKingDraws::new(&entries))
    }

    /// The choice named by an optional word, `default` when absent.
    fn choice<T: Copy>(
        &self,
        spec: &Option<Spanned<String>>,
        key: &str,
        choices: &[(&str, T)],
        default: T,
    ) -> Result<T, VariantError> {
        let Some(spec) = spec else {
            return Ok(default);
        };
        choices
            .iter()
            .find(|(name, _)| name == spec.get_ref())
            .map(|&(_, value)| value)
            .ok_or_else(|| {
                let names: Vec<String> = choices.iter().map(|(n, _)| format!("\"{n}\"")).collect();
                self.bad(spec.span(), key, &format!("expected {}", or_list(&names)))
            })
    }

    /// A list of direction names, every direction when absent; never empty.
    fn directions(
        &self,
        spec: &Option<Spanned<Vec<Name>>>,
        key: &str,
    ) -> Result<DirSet, VariantError> {
        let Some(spec) = spec else {
            return Ok(DirSet::first(self.dirs.len()));
        };
        let mut set = DirSet::EMPTY;
        for name in spec.get_ref() {
            set = set.with(direction_index(
                self.source,
                self.dirs,
                &format!("rules.{key}"),
                name,
            )?);
        }
        if set.is_empty() {
            return Err(self.bad(spec.span(), key, "list at least one direction"));
        }
        Ok(set)
    }

    /// `men_capture`: `"all"`, `"forward"` or direction names.
    fn men_capture(
        &self,
        spec: &Option<Spanned<DirectionsSpec>>,
    ) -> Result<MenCapture, VariantError> {
        let Some(spec) = spec else {
            return Ok(MenCapture::All);
        };
        let bad = |why: &str| self.bad(spec.span(), "men_capture", why);
        match spec.get_ref() {
            DirectionsSpec::Word(word) => match word.as_str() {
                "all" => Ok(MenCapture::All),
                "forward" => Ok(MenCapture::Forward),
                _ => Err(bad(
                    "expected \"all\", \"forward\" or a list of direction names",
                )),
            },
            DirectionsSpec::Names(names) => {
                let mut set = DirSet::EMPTY;
                for name in names {
                    let d = self.dirs.iter().position(|d| &d.name == name);
                    let d = d.ok_or_else(|| bad(&format!("unknown direction `{name}`")))?;
                    set = set.with(Dir::new(d));
                }
                if set.is_empty() {
                    return Err(bad("list at least one direction"));
                }
                Ok(MenCapture::Listed(set))
            }
        }
    }

    /// `precedence`, or the older `majority` (one of the two).
    fn precedence(&self, file: &VariantFile) -> Result<Precedence, VariantError> {
        let r = &file.rules;
        match (&r.precedence, &r.majority) {
            (Some(list), Some(_)) => Err(self.bad(
                list.span(),
                "precedence",
                "give `precedence` or `majority`, not both (majority = true is [\"most-pieces\"])",
            )),
            (None, Some(majority)) if !*majority.get_ref() => Ok(Precedence::FREE),
            (None, _) => Ok(Precedence::MOST_PIECES),
            (Some(list), None) => {
                let mut criteria = Vec::new();
                for name in list.get_ref() {
                    let criterion = Criterion::named(name.get_ref()).ok_or_else(|| {
                        let names: Vec<String> = Criterion::ALL
                            .iter()
                            .map(|c| format!("\"{}\"", c.name()))
                            .collect();
                        self.bad(
                            name.span(),
                            "precedence",
                            &format!("the criteria are {}", or_list(&names)),
                        )
                    })?;
                    if criteria.contains(&criterion) {
                        return Err(self.bad(
                            name.span(),
                            "precedence",
                            &format!("\"{}\" is listed twice", criterion.name()),
                        ));
                    }
                    criteria.push(criterion);
                }
                Precedence::new(&criteria).ok_or_else(|| {
                    self.bad(list.span(), "precedence", "a criterion is listed twice")
                })
            }
        }
    }
}

/// `a, b or c`.
fn or_list(items: &[String]) -> String {
    match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => items.join(""),
    }
}

/// The rule switches and piece values, each checked against its range.
pub(crate) fn build_rules(
    source: &Source,
    file: &VariantFile,
    dirs: &[Direction],
) -> Result<(RuleSet, Values), VariantError> {
    let reader = Reader { source, dirs };
    let r = &file.rules;
    let bad = |span: Range<usize>, key: &str, why: &str| reader.bad(span, key, why);
    let capture = reader.choice(
        &Some(r.capture.clone()),
        "capture",
        &[
            ("contact", CaptureStyle::Contact),
            ("jump", CaptureStyle::Jump),
            ("approach-withdrawal", CaptureStyle::ApproachWithdrawal),
        ],
        CaptureStyle::Contact,
    )?;
    let min_line = *r.min_line.get_ref();
    if !(2..=64).contains(&min_line) {
        return Err(bad(
            r.min_line.span(),
            "min_line",
            "a line of men has 2 to 64 men",
        ));
    }
    let king_range = reader.choice(
        &Some(r.king_range.clone()),
        "king_range",
        &[("long", KingRange::Long), ("short", KingRange::Short)],
        KingRange::Long,
    )?;
    let repetition = *r.repetition.get_ref();
    if !(2..=100).contains(&repetition) {
        return Err(bad(r.repetition.span(), "repetition", "expected 2 to 100"));
    }
    let king_move_draw = *r.king_move_draw.get_ref();
    if !(0..=1000).contains(&king_move_draw) {
        return Err(bad(
            r.king_move_draw.span(),
            "king_move_draw",
            "expected 0 (off) to 1000 plies",
        ));
    }
    let max_same_king_moves = match &r.max_same_king_moves {
        None => 0,
        Some(n) if (0..=15).contains(n.get_ref()) => *n.get_ref() as u8,
        Some(n) => {
            return Err(bad(
                n.span(),
                "max_same_king_moves",
                "expected 0 (no limit) to 15",
            ));
        }
    };
    let lone_king_draw = reader.lone_king_draws(&r.lone_king_draw)?;
    let first = match &file.players.first {
        None => Colour::White,
        Some(spec) => match spec.get_ref().as_str() {
            "white" => Colour::White,
            "black" => Colour::Black,
            _ => {
                return Err(source.err(
                    Some(&spec.span()),
                    ErrorKind::BadValue {
                        key: "players.first".into(),
                        why: "expected \"white\" or \"black\"".into(),
                    },
                ));
            }
        },
    };
    let rules = RuleSet {
        lone_king_draw,
        capture,
        min_line: min_line as usize,
        precedence: reader.precedence(file)?,
        king_range,
        repetition: repetition as usize,
        men_capture: reader.men_capture(&r.men_capture)?,
        line_moves: r.line_moves,
        king_move_draw: king_move_draw as usize,
        removal: reader.choice(
            &r.removal,
            "removal",
            &[
                ("end-of-move", Removal::EndOfMove),
                ("immediate", Removal::Immediate),
            ],
            Removal::EndOfMove,
        )?,
        king_landing: reader.choice(
            &r.king_landing,
            "king_landing",
            &[
                ("any", KingLanding::Any),
                ("next", KingLanding::Next),
                ("next-after-king", KingLanding::NextAfterKing),
            ],
            KingLanding::Any,
        )?,
        capture_turn_back: r.capture_turn_back.as_ref().is_none_or(|b| *b.get_ref()),
        men_capture_kings: r.men_capture_kings.as_ref().is_none_or(|b| *b.get_ref()),
        king_moves: reader.directions(&r.king_moves, "king_moves")?,
        king_captures: reader.directions(&r.king_captures, "king_captures")?,
        promotion_during_capture: reader.choice(
            &r.promotion_during_capture,
            "promotion_during_capture",
            &[
                ("continue-as-man", PromotionDuringCapture::ContinueAsMan),
                ("continue-as-king", PromotionDuringCapture::ContinueAsKing),
                ("end-move", PromotionDuringCapture::EndMove),
            ],
            PromotionDuringCapture::ContinueAsMan,
        )?,
        goal: reader.choice(
            &r.goal,
            "goal",
            &[
                ("no-moves-loses", Goal::NoMovesLoses),
                ("no-moves-wins", Goal::NoMovesWins),
                ("first-king-wins", Goal::FirstKingWins),
            ],
            Goal::NoMovesLoses,
        )?,
        max_same_king_moves,
        first,
    };
    if rules.capture != CaptureStyle::Jump {
        refuse_jump_switches(&reader, file, &rules)?;
    }
    let e = &file.evaluation;
    for (v, key) in [(&e.man, "evaluation.man"), (&e.king, "evaluation.king")] {
        // The engine clamps static scores at 4000 men: larger values would saturate it.
        if !(1..=10_000).contains(v.get_ref()) {
            return Err(source.err(
                Some(&v.span()),
                ErrorKind::BadValue {
                    key: key.into(),
                    why: "expected 1 to 10000".into(),
                },
            ));
        }
    }
    Ok((
        rules,
        Values {
            man: *e.man.get_ref() as i32,
            king: *e.king.get_ref() as i32,
        },
    ))
}

/// Contact capture (Bushka) and approach-withdrawal capture (Fanorona) take pieces
/// without jumping them: the switches that shape a jump are refused with them unless
/// they keep their defaults.
fn refuse_jump_switches(
    reader: &Reader,
    file: &VariantFile,
    rules: &RuleSet,
) -> Result<(), VariantError> {
    let r = &file.rules;
    let all = DirSet::first(reader.dirs.len());
    let checks: [(Option<Range<usize>>, &str, bool); 8] = [
        (
            r.precedence.as_ref().map(Spanned::span),
            "precedence",
            rules.precedence.is_free() || rules.precedence.is_most_pieces(),
        ),
        (
            r.removal.as_ref().map(Spanned::span),
            "removal",
            rules.removal == Removal::EndOfMove,
        ),
        (
            r.king_landing.as_ref().map(Spanned::span),
            "king_landing",
            rules.king_landing == KingLanding::Any,
        ),
        (
            r.men_capture.as_ref().map(Spanned::span),
            "men_capture",
            rules.men_capture == MenCapture::All,
        ),
        (
            r.capture_turn_back.as_ref().map(Spanned::span),
            "capture_turn_back",
            rules.capture_turn_back,
        ),
        (
            r.men_capture_kings.as_ref().map(Spanned::span),
            "men_capture_kings",
            rules.men_capture_kings,
        ),
        (
            r.king_captures.as_ref().map(Spanned::span),
            "king_captures",
            rules.king_captures == all,
        ),
        (
            r.promotion_during_capture.as_ref().map(Spanned::span),
            "promotion_during_capture",
            rules.promotion_during_capture == PromotionDuringCapture::ContinueAsMan,
        ),
    ];
    for (span, key, fine) in checks {
        if !fine {
            return Err(reader.bad(
                span.unwrap_or(0..0),
                key,
                &format!(
                    "this switch shapes jump captures; with capture = \"{}\" only its default is allowed",
                    rules.capture.name()
                ),
            ));
        }
    }
    Ok(())
}
