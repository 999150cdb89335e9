//! The SMT-LIB 2 front end.
