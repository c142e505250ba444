-- %% by zero; %% takes the sign of the dividend.
-- ==
-- input { -7 2 } output { -1 }
-- input { 1 0 } error: [Dd]ivi|[Zz]ero|[Mm]odulo|[Rr]emainder

def main (x: i32) (y: i32) = x %% y
