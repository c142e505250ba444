-- Modules: qualified names, a nested module, an alias, `open`, a `local` member used
-- inside its module, a constant shadowed by a member of the same name.
-- ==
-- input { 3 } output { 7 10 16 5 1 }
-- input { -1 } output { -1 10 12 5 1 }
def two : i32 = 1
module M = {
  def two : i32 = 2
  local def helper (x: i32) = x * two
  def twice_plus (x: i32) = helper x + 1
  module N = {
    def ten : i32 = 10
    def add_ten (x: i32) = x + ten
  }
}
module A = M.N
def top_two = two
open M
entry main (x: i32) = (M.twice_plus x, A.ten, N.add_ten (x + 3), twice_plus two, top_two)
