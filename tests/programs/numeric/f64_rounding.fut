-- floor, ceil, trunc and round (halfway cases go to the even neighbour).
-- ==
-- input { 1.5 } output { 1.0 2.0 1.0 2.0 }
-- input { -1.5 } output { -2.0 -1.0 -1.0 -2.0 }
-- input { 2.5 } output { 2.0 3.0 2.0 2.0 }
-- input { 2.4 } output { 2.0 3.0 2.0 2.0 }
-- input { -2.6 } output { -3.0 -2.0 -2.0 -3.0 }
-- input { 3.0 } output { 3.0 3.0 3.0 3.0 }
def main (x: f64) = (f64.floor x, f64.ceil x, f64.trunc x, f64.round x)
