-- The loop index is not visible after the loop.
-- ==
-- error: [Uu]nknown|[Uu]ndefined|[Uu]nbound|[Nn]ot (in scope|defined|bound|found)|[Nn]o such|[Uu]ndeclared

def main (n: i32) = (loop acc = 0 for i < n do acc + i) + i
