-- A parenthesis whose `)` is missing: the error names where it opened.
-- ==
-- error: `\)` to close the parenthesis opened at 5:9

def f = (1 +
  2

def g = 3
