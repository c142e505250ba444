-- sin, cos and tan.
-- ==
-- input { 0.0 } output { 0.0 1.0 0.0 }
-- input { 1.0 } output { 0.841471 0.540302 1.557408 }
def main (x: f64) = (f64.sin x, f64.cos x, f64.tan x)
