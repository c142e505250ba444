-- A module type's specifications are checked where it is declared, as in Futhark,
-- though no module is ever ascribed to it.
-- ==
-- error: Unknown type `vec3`

module type shape = {
  type t
  val area : t -> f64
  val corners : t -> []vec3
}

def main (x: i32) = x
