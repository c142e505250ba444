-- Test cases may carry a name.
-- ==
-- "small" input { 2 } output { 4 }
-- "zero" input { 0 } output { 0 }
def main (x: i32) = x * x
