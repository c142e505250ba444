-- Sizes may be any i64 expression: two `iota (i64.i32 p)` have one size.
-- Loom: "Dimensions `?` and `?` do not match: argument 2 of `zip`".
-- ==
-- input { 3 } output { [0i64, 1i64, 2i64] }
def main (p: i32) = map (.0) (zip (iota (i64.i32 p)) (iota (i64.i32 p)))
