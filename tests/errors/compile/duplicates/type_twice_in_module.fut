-- A module defines each type once.
-- ==
-- error: Duplicate definition of type `t`

module M = {
  type t = i32
  def x : t = 1
  type t = f32
}

def main (y: i32) = M.x + y
