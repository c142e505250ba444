-- A user-defined operator takes the precedence of its first character.
-- ==
-- input { 2 3 4 } output { 14 }
def (*.) (a: i32) (b: i32) = a * b
def (+.) (a: i32) (b: i32) = a + b
def main (a: i32) (b: i32) (c: i32) = a +. b *. c
