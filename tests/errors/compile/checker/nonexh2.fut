-- Checker must reject: nonexh2.fut
-- ==
-- error: .
type t = #a | #b | #c
def f (x: t) = match x case #a -> 1 case #b -> 2
def main (x: i32) = f #a + x
