-- A function whose abstract result type is declared unique gives a fresh value, which
-- may be returned as unique (abstract_result_internal_aliases in tests/errors is the
-- non-unique one).
-- ==
-- entry: fresh
-- input { 2i64 } output { [0, 0] [1, 1] }
-- input { 0i64 } output { empty([0]i32) empty([0]i32) }

module M
  : {
      type arr [n]
      val mk : (n: i64) -> *arr [n]
      val parts [n] : arr [n] -> ([n]i32, [n]i32)
    } = {
  type arr [n] = ([n]i32, [n]i32)

  def mk n : *arr [n] = (replicate n 0, replicate n 1)
  def parts a = a
}

def make n : *M.arr [n] = M.mk n

entry fresh n = M.parts (make n)
