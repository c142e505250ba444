-- The range 1..2...9 has stride one.
-- ==
-- input {} output { [1i64, 2i64, 3i64, 4i64, 5i64, 6i64, 7i64, 8i64, 9i64] }
def main : []i64 = 1..2...9
