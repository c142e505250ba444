-- A specification may not put a size-lifted abstract type in an array (Futhark's
-- "Lifted types cannot be put in arrays"), checked where the module type is declared.
-- ==
-- error: Lifted types cannot be put in arrays: `t` may hide sizes

module type bag = {
  type~ t
  val many : []t
}

def main (x: i32) = x
