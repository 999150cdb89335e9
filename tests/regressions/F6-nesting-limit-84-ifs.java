// expect: check ok
// REGRESSION F6 (minor; heaplog check rejects a javac-valid program: undocumented nesting limit)
// `heaplog check F6-nesting-limit-84-ifs.java` -> `error: nesting too deep` (exit 1);
// javac 17 accepts it. The parser's MAX_DEPTH = 256 (src/lang/parser.rs) counts recursion
// levels, so the visible limits are much lower and differ by construct: measured, at most
// 83 nested `if` blocks, 126 nested parentheses, a 253-term `x + x + ...` sum. The
// rejection is graceful (no panic, positioned message), but docs/LANGUAGE.md lists no such
// limit among "What is rejected". Expected: accept, or document the limit.
class A {
    static int f(int x) {
        if (x > 0) {
            if (x > 0) {
                if (x > 0) {
                    if (x > 0) {
                        if (x > 0) {
                            if (x > 0) {
                                if (x > 0) {
                                    if (x > 0) {
                                        if (x > 0) {
                                            if (x > 0) {
                                                if (x > 0) {
                                                    if (x > 0) {
                                                        if (x > 0) {
                                                            if (x > 0) {
                                                                if (x > 0) {
                                                                    if (x > 0) {
                                                                        if (x > 0) {
                                                                            if (x > 0) {
                                                                                if (x > 0) {
                                                                                    if (x > 0) {
                                                                                        if (x > 0) {
                                                                                            if (x > 0) {
                                                                                                if (x > 0) {
                                                                                                    if (x > 0) {
                                                                                                        if (x > 0) {
                                                                                                            if (x > 0) {
                                                                                                                if (x > 0) {
                                                                                                                    if (x > 0) {
                                                                                                                        if (x > 0) {
                                                                                                                            if (x > 0) {
                                                                                                                                if (x > 0) {
                                                                                                                                    if (x > 0) {
                                                                                                                                        if (x > 0) {
                                                                                                                                            if (x > 0) {
                                                                                                                                                if (x > 0) {
                                                                                                                                                    if (x > 0) {
                                                                                                                                                        if (x > 0) {
                                                                                                                                                            if (x > 0) {
                                                                                                                                                                if (x > 0) {
                                                                                                                                                                    if (x > 0) {
                                                                                                                                                                        if (x > 0) {
                                                                                                                                                                            if (x > 0) {
                                                                                                                                                                                if (x > 0) {
                                                                                                                                                                                    if (x > 0) {
                                                                                                                                                                                        if (x > 0) {
                                                                                                                                                                                            if (x > 0) {
                                                                                                                                                                                                if (x > 0) {
                                                                                                                                                                                                    if (x > 0) {
                                                                                                                                                                                                        if (x > 0) {
                                                                                                                                                                                                            if (x > 0) {
                                                                                                                                                                                                                if (x > 0) {
                                                                                                                                                                                                                    if (x > 0) {
                                                                                                                                                                                                                        if (x > 0) {
                                                                                                                                                                                                                            if (x > 0) {
                                                                                                                                                                                                                                if (x > 0) {
                                                                                                                                                                                                                                    if (x > 0) {
                                                                                                                                                                                                                                        if (x > 0) {
                                                                                                                                                                                                                                            if (x > 0) {
                                                                                                                                                                                                                                                if (x > 0) {
                                                                                                                                                                                                                                                    if (x > 0) {
                                                                                                                                                                                                                                                        if (x > 0) {
                                                                                                                                                                                                                                                            if (x > 0) {
                                                                                                                                                                                                                                                                if (x > 0) {
                                                                                                                                                                                                                                                                    if (x > 0) {
                                                                                                                                                                                                                                                                        if (x > 0) {
                                                                                                                                                                                                                                                                            if (x > 0) {
                                                                                                                                                                                                                                                                                if (x > 0) {
                                                                                                                                                                                                                                                                                    if (x > 0) {
                                                                                                                                                                                                                                                                                        if (x > 0) {
                                                                                                                                                                                                                                                                                            if (x > 0) {
                                                                                                                                                                                                                                                                                                if (x > 0) {
                                                                                                                                                                                                                                                                                                    if (x > 0) {
                                                                                                                                                                                                                                                                                                        if (x > 0) {
                                                                                                                                                                                                                                                                                                            if (x > 0) {
                                                                                                                                                                                                                                                                                                                if (x > 0) {
                                                                                                                                                                                                                                                                                                                    if (x > 0) {
                                                                                                                                                                                                                                                                                                                        if (x > 0) {
                                                                                                                                                                                                                                                                                                                            if (x > 0) {
                                                                                                                                                                                                                                                                                                                                if (x > 0) {
                                                                                                                                                                                                                                                                                                                                    if (x > 0) {
                                                                                                                                                                                                                                                                                                                                        if (x > 0) {
                                                                                                                                                                                                                                                                                                                                            if (x > 0) {
                                                                                                                                                                                                                                                                                                                                                if (x > 0) {
                                                                                                                                                                                                                                                                                                                                                    if (x > 0) {
                                                                                                                                                                                                                                                                                                                                                        x = x + 1;
                                                                                                                                                                                                                                                                                                                                                    }
                                                                                                                                                                                                                                                                                                                                                }
                                                                                                                                                                                                                                                                                                                                            }
                                                                                                                                                                                                                                                                                                                                        }
                                                                                                                                                                                                                                                                                                                                    }
                                                                                                                                                                                                                                                                                                                                }
                                                                                                                                                                                                                                                                                                                            }
                                                                                                                                                                                                                                                                                                                        }
                                                                                                                                                                                                                                                                                                                    }
                                                                                                                                                                                                                                                                                                                }
                                                                                                                                                                                                                                                                                                            }
                                                                                                                                                                                                                                                                                                        }
                                                                                                                                                                                                                                                                                                    }
                                                                                                                                                                                                                                                                                                }
                                                                                                                                                                                                                                                                                            }
                                                                                                                                                                                                                                                                                        }
                                                                                                                                                                                                                                                                                    }
                                                                                                                                                                                                                                                                                }
                                                                                                                                                                                                                                                                            }
                                                                                                                                                                                                                                                                        }
                                                                                                                                                                                                                                                                    }
                                                                                                                                                                                                                                                                }
                                                                                                                                                                                                                                                            }
                                                                                                                                                                                                                                                        }
                                                                                                                                                                                                                                                    }
                                                                                                                                                                                                                                                }
                                                                                                                                                                                                                                            }
                                                                                                                                                                                                                                        }
                                                                                                                                                                                                                                    }
                                                                                                                                                                                                                                }
                                                                                                                                                                                                                            }
                                                                                                                                                                                                                        }
                                                                                                                                                                                                                    }
                                                                                                                                                                                                                }
                                                                                                                                                                                                            }
                                                                                                                                                                                                        }
                                                                                                                                                                                                    }
                                                                                                                                                                                                }
                                                                                                                                                                                            }
                                                                                                                                                                                        }
                                                                                                                                                                                    }
                                                                                                                                                                                }
                                                                                                                                                                            }
                                                                                                                                                                        }
                                                                                                                                                                    }
                                                                                                                                                                }
                                                                                                                                                            }
                                                                                                                                                        }
                                                                                                                                                    }
                                                                                                                                                }
                                                                                                                                            }
                                                                                                                                        }
                                                                                                                                    }
                                                                                                                                }
                                                                                                                            }
                                                                                                                        }
                                                                                                                    }
                                                                                                                }
                                                                                                            }
                                                                                                        }
                                                                                                    }
                                                                                                }
                                                                                            }
                                                                                        }
                                                                                    }
                                                                                }
                                                                            }
                                                                        }
                                                                    }
                                                                }
                                                            }
                                                        }
                                                    }
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        return x;
    }
}
