-- Branches returning arrays of different sizes.
-- ==
-- input { true } output { [1, 2, 3] }
-- input { false } output { [4] }
def main (b: bool) : []i32 = if b then [1, 2, 3] else [4]
