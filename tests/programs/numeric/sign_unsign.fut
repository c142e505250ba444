-- i32.sign and i32.unsign reinterpret bits between i32 and u32.
-- ==
-- input { -1 4294967295u32 } output { 4294967295u32 -1 }
-- input { 5 5u32 } output { 5u32 5 }
def main (x: i32) (y: u32) = (i32.unsign x, i32.sign y)
