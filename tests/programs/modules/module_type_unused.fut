-- A module type declared and never used: its specifications are checked where it is
-- declared, and checking them leaves nothing behind (no member of it is in scope).
-- ==
-- input { 3 } output { 6 }

module type number = {
  type t
  val add : t -> t -> t
  val zero : t
  val many [n] : [n]t -> t
}

def add (x: i32) (y: i32) = x + y

def main (x: i32) = add x x
