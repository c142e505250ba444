-- A size parameter is local to its own function.
-- ==
-- error: [Uu]nknown|[Uu]ndefined|[Uu]nbound|[Nn]ot (in scope|defined|bound|found)|[Nn]o such|[Uu]ndeclared

def len [n] (xs: [n]i32) = n

def main (xs: []i32) = len xs + n
