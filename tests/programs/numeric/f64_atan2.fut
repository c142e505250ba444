-- atan2 in all four quadrants.
-- ==
-- input { 1.0 1.0 } output { 0.785398 }
-- input { 1.0 -1.0 } output { 2.356194 }
-- input { -1.0 -1.0 } output { -2.356194 }
-- input { -1.0 0.0 } output { -1.570796 }
-- input { 0.0 1.0 } output { 0.0 }
def main (y: f64) (x: f64) = f64.atan2 y x
