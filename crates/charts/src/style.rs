//! What every chart shares: the colours of the variants, in order.

use plotters::style::RGBColor;

/// One colour per variant, in the reports' order (repeating after eight).
pub(crate) const COLOURS: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
];
