-- An exclusive range whose end equals its start is empty.
-- ==
-- input { 3i64 } output { empty([0]i64) }
def main (n: i64) = n..<n
