-- A size bound inside a tuple parameter cannot be referred to by another parameter.
-- ==
-- error: [Ii]naccessible|not be accessible|[Pp]arameter.*refers to size

def f (x: i64, y: i64) (A: [x]bool) = true

def main (n: i64) = f (n, n) (replicate n true)
