-- A member that the module type leaves out is not visible outside the module.
-- ==
-- error: Unknown name `M.helper`

module type S = { val f : i32 -> i32 }
module M : S = {
  def helper (x: i32) = x + 1
  def f (x: i32) = helper x * 2
}
def main (x: i32) = M.helper x
