-- Mutual recursion is not supported: `is_odd` is not yet defined in `is_even`.
-- ==
-- error: [Uu]nknown|[Uu]ndefined|[Uu]nbound|[Nn]ot (in scope|defined|bound|found)|[Nn]o such|[Uu]ndeclared

def is_even (n: i32) : bool = if n == 0 then true else is_odd (n - 1)

def is_odd (n: i32) : bool = if n == 0 then false else is_even (n - 1)

def main (n: i32) = is_even n
