//! concrete (under construction).
