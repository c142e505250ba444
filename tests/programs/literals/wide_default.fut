-- An unconstrained integer literal too large for i32 defaults to i64 (a Loom
-- extension: Futhark rejects it), so `for i < 10_000_000_000` needs no suffix.
-- ==
-- input { } output { 5000000000i64 3i64 }

def main =
  let n = 10_000_000_000
  let c = loop c = 0 for i < n / 3_333_333_333 do c + i
  in (n / 2, c)
