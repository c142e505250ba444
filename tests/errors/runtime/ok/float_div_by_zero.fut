-- Valid: float division by zero gives infinity, not an error.
-- ==
-- input { 1f32 0f32 } output { f32.inf }
-- input { -1f32 0f32 } output { -f32.inf }

def main (x: f32) (y: f32) = x / y
