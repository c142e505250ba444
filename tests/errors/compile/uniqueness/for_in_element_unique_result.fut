-- The loop returns the last element of `rows`, which aliases the non-unique
-- parameter `rows`, so it cannot be `last`'s unique result.  Futhark: "Unique-typed
-- return value is aliased to "rows", which is not consumable."
-- ==
-- error: return value of `last` is aliased to `rows`, which is not consumable

def last [n] (rows: [][n]i32) : *[n]i32 =
  loop cur = replicate n 0 for row in rows do row
