//! report (under construction).
