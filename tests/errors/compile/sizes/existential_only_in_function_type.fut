-- An existential size used only in a function type cannot be known when the program
-- runs: functions do not carry their parameters' sizes (Futhark: "Existential size n
-- not used as array size"; a witness `[n]()` beside the function would carry it).
-- ==
-- error: Existential size `n` not used as array size

def f (b: bool) : ?[n].bool -> [n]bool = \x -> [x, b]
def main (b: bool) = f b true
