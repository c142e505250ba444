-- A `local` definition of a module is not one of its members.
-- ==
-- error: Unknown name `M.secret`

module M = {
  local def secret : i32 = 42
  def public : i32 = secret
}
def main (x: i32) = x + M.secret
