//! DXP (DamExchange) version 01: its messages and its connections.

pub mod link;
pub mod message;
