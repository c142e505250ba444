-- `open import "a"` followed by a top-level `import "b"`: two declarations, as in
-- Futhark (diku-dk/fft begins so), not the module `import "a"` applied to another.
-- ==
-- input { 1.0 } output { 3.141592653589793 6 }
open import "lib/geometry"
import "lib/shapes"
entry main (r: f64) = (area r, sides hexagon)
