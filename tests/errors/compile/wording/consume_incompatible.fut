-- A consuming function used where a non-consuming one is expected.
-- ==
-- error: Parameter types .* and .* are incompatible regarding consuming their arguments

def f (xs: *[]f32) : f32 = 0f32
def g : []f32 -> f32 = f
