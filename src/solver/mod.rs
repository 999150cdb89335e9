//! solver (under construction).
