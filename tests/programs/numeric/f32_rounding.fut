-- f32 floor, ceil, trunc and round.
-- ==
-- input { 0.7f32 } output { 0.0f32 1.0f32 0.0f32 1.0f32 }
-- input { -0.7f32 } output { -1.0f32 -0.0f32 -0.0f32 -1.0f32 }
def main (x: f32) = (f32.floor x, f32.ceil x, f32.trunc x, f32.round x)
