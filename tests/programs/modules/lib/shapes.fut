-- Imported by geometry.fut (no tests of its own).
type shape = #triangle | #hexagon
def hexagon : shape = #hexagon
def sides (s: shape) : i32 = match s case #triangle -> 3 case #hexagon -> 6
