//! The `[rules]` and `[evaluation]` sections, validated into a rule set and piece values.

use std::ops::Range;

use crate::error::{ErrorKind, VariantError};
use crate::file::VariantFile;
use crate::geometry::{CaptureStyle, KingRange, MenCapture, RuleSet, Values};
use crate::source::Source;

/// The rule switches and piece values, each checked against its range.
pub(crate) fn build_rules(
    source: &Source,
    file: &VariantFile,
) -> Result<(RuleSet, Values), VariantError> {
    let r = &file.rules;
    let bad = |span: Range<usize>, key: &str, why: &str| {
        source.err(
            Some(&span),
            ErrorKind::BadValue {
                key: key.into(),
                why: why.into(),
            },
        )
    };
    let capture = match r.capture.get_ref().as_str() {
        "contact" => CaptureStyle::Contact,
        "jump" => CaptureStyle::Jump,
        _ => {
            return Err(bad(
                r.capture.span(),
                "rules.capture",
                "the known capture styles are: contact, jump",
            ));
        }
    };
    let min_line = *r.min_line.get_ref();
    if !(2..=64).contains(&min_line) {
        return Err(bad(
            r.min_line.span(),
            "rules.min_line",
            "a line of men has 2 to 64 men",
        ));
    }
    let king_range = match r.king_range.get_ref().as_str() {
        "long" => KingRange::Long,
        "short" => KingRange::Short,
        _ => {
            return Err(bad(
                r.king_range.span(),
                "rules.king_range",
                "expected \"long\" or \"short\"",
            ));
        }
    };
    let repetition = *r.repetition.get_ref();
    if !(2..=100).contains(&repetition) {
        return Err(bad(
            r.repetition.span(),
            "rules.repetition",
            "expected 2 to 100",
        ));
    }
    let men_capture = match r.men_capture.get_ref().as_str() {
        "all" => MenCapture::All,
        "forward" => MenCapture::Forward,
        _ => {
            return Err(bad(
                r.men_capture.span(),
                "rules.men_capture",
                "expected \"all\" or \"forward\"",
            ));
        }
    };
    let king_move_draw = *r.king_move_draw.get_ref();
    if !(0..=1000).contains(&king_move_draw) {
        return Err(bad(
            r.king_move_draw.span(),
            "rules.king_move_draw",
            "expected 0 (off) to 1000 plies",
        ));
    }
    let e = &file.evaluation;
    for (v, key) in [(&e.man, "evaluation.man"), (&e.king, "evaluation.king")] {
        // The engine clamps static scores at 4000 men: larger values would saturate it.
        if !(1..=10_000).contains(v.get_ref()) {
            return Err(bad(v.span(), key, "expected 1 to 10000"));
        }
    }
    Ok((
        RuleSet {
            capture,
            min_line: min_line as usize,
            majority: r.majority,
            king_range,
            repetition: repetition as usize,
            men_capture,
            line_moves: r.line_moves,
            king_move_draw: king_move_draw as usize,
        },
        Values {
            man: *e.man.get_ref() as i32,
            king: *e.king.get_ref() as i32,
        },
    ))
}
