-- Infinities and NaN from the float namespaces.
-- ==
-- input {} output { f32.inf -f64.inf f32.nan f64.nan }
def main = (f32.inf, -f64.inf, f32.nan, f64.nan)
