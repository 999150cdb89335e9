//! engine (under construction).
