-- A parametric module's result type may size an array by a value of its parameter
-- (`[S.len]i32`); each application checks it against its own argument's (it once
-- checked the second and later applications against a name left by the first).
-- ==
-- input { 7 } output { [7, 7, 7] [7, 7, 7, 7, 7] 8i64 }

module type sized = { val len : i64 }

module arr (S: sized) : { type t = [S.len]i32  val make : i32 -> t } = {
  type t = [S.len]i32
  def make (x: i32) : t = replicate S.len x
}

module three = { def len = 3i64 }
module five = { def len = 5i64 }

module arr3 = arr three
module arr5 = arr five
module arr8 = arr { def len = 8i64 }

def main (x: i32) = (arr3.make x, arr5.make x, length (arr8.make 0))
