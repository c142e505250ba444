-- A function returning a non-unique abstract type may return a value whose parts are
-- the same array (here a pair of one array), so it may not be given a unique type
-- (Futhark's issue 2531: "internal aliases").  Through a pipe as well.
-- ==
-- error: aliased to some other component \(components 0 and 1 are both the result of applying `M.mk`

module M
  : {
      type arr [n]
      val mk : (n: i64) -> arr [n]
    } = {
  type arr [n] = ([n]i32, [n]i32)

  def mk n : arr [n] = let xs = replicate n 0 in (xs, xs)
}

entry main n : *M.arr [] = n |> M.mk
