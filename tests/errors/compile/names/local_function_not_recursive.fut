-- A local `let` function is not in scope in its own body.
-- ==
-- error: [Uu]nknown|[Uu]ndefined|[Uu]nbound|[Nn]ot (in scope|defined|bound|found)|[Nn]o such|[Uu]ndeclared

def main (n: i32) =
  let count (k: i32) : i32 = if k <= 0 then 0 else 1 + count (k - 1)
  in count n
