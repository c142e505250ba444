-- exp, log, log2, log10 and log1p.
-- ==
-- input { 1.0 } output { 2.718282 0.0 0.0 0.0 0.693147 }
-- input { 8.0 } output { 2980.957987 2.079442 3.0 0.903090 2.197225 }
def main (x: f64) = (f64.exp x, f64.log x, f64.log2 x, f64.log10 x, f64.log1p x)
