-- An attribute whose `]` is missing: the error, at the end of the input, names where the
-- attribute opened, and a parenthesis left open names its own.
-- ==
-- error: `\]` to close the attribute opened at 7:3

def f (x: i32) =
  #[trace x + 1

def g = 2
