-- A program defines each top-level name once (Futhark: "Duplicate definition"); a
-- REPL's inputs are programs of their own, so a session may define a name again.
-- ==
-- error: Duplicate definition of value or module `bar`: it is defined already at

def bar (x: i32) : i32 = x + 1
def bar (x: i32) : i32 = x + 2

def main (x: i32) = bar x
