-- An entry point size parameter used only in a size expression.
-- ==
-- error: Entry point size parameter

def main [n] (xs: [n+1]i32) = xs[0]
