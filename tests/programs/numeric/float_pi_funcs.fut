-- sinpi, cospi, tanpi and their inverses.
-- ==
-- input {} output { 1.0 -1.0 1.0 0.5 1.0 0.25 0.25 }
def main = (f64.sinpi 0.5, f64.cospi 1.0, f64.tanpi 0.25, f64.asinpi 1.0,
            f64.acospi (-1.0), f64.atanpi 1.0, f64.atan2pi 1.0 1.0)
