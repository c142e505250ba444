-- FutharkScript's `$loaddata` reads a file in the REPL, Jupyter and literate directives;
-- a program cannot call it, and the error says where it can be used.
-- ==
-- error: `\$loaddata` is a FutharkScript built-in: it works in the REPL

def main = i32.sum ($loaddata "data.in")
