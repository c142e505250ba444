-- A descending range 10..>0.
-- ==
-- input {} output { [10, 9, 8, 7, 6, 5, 4, 3, 2, 1] }
def main : []i32 = 10..>0
