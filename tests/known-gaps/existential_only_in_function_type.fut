-- An existential size used only in a function type cannot be known at run time
-- (Futhark: "Existential size n not used as array size").
-- Loom: accepted.
-- ==
-- error: [Ee]xistential
def f (b: bool) : ?[n].bool -> [n]bool = \x -> [x, b]
def main (b: bool) = f b true
