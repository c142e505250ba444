-- The target of `with [i].x` must be consumable.
-- ==
-- error: Would consume `ps`, which is not consumable
def main (ps: []{x: i32}) = (ps with [0].x = 7)[0].x
