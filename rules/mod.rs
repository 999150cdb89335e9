//! The registered rule sets, one file each (under construction).
