-- highest and lowest of floats are the infinities.
-- ==
-- input {} output { f32.inf -f32.inf f64.inf -f64.inf }
def main = (f32.highest, f32.lowest, f64.highest, f64.lowest)
