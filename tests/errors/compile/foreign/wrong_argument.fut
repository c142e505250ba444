-- A foreign function is typed as any other: an f32 argument for an f64 parameter.
-- ==
-- error: [Tt]ype|[Uu]nif|[Mm]ismatch

foreign "<math.h>" def cbrt (x: f64): f64
def main (x: f32) = cbrt x
