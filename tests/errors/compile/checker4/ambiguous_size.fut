-- A size parameter used only in a function-typed parameter cannot be
-- inferred from an unannotated lambda (Futhark's error index, "Ambiguous size").
-- ==
-- error: Ambiguous size.*instantiated size parameter of "f"
def f [n] (g: [n]i64 -> i64) : i64 = n
def main = f (\xs -> xs[0])
