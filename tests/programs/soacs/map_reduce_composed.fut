-- A map feeding a reduce: the dot product.
-- ==
-- input { [1.0, 2.0, 3.0] [4.0, 5.0, 6.0] } output { 32.0 }
def main (xs: []f64) (ys: []f64) = reduce (+) 0 (map2 (*) xs ys)
