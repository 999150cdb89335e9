//! `pose-weak`: [POSE] with weak updates only. Putfield (c1), the strong update of
//! a write through a single location, is switched off, so every write goes through
//! Putfield (c2) and `update`: the written location's field is initialized first and
//! becomes `ite(Y = Y, v, old)`, which the e-graph folds to `v`. Sound, since c1 is
//! the case of c2 whose alias condition is true; it costs one `assume` per first write.

use super::kit::Variant;
use super::pose::{self, Pose};
use crate::engine::RuleName;

/// The variant.
pub struct PoseWeak;

impl Variant for PoseWeak {
    type Base = Pose;
    const NAME: &'static str = "pose-weak";
    const SUMMARY: &'static str =
        "pose with weak updates only (Putfield c1 off): every write goes through update";
    const OFF: &'static [RuleName] = &[pose::PUTFIELD_C1];
}
