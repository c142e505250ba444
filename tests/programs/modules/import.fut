-- `import` of a file relative to this one (its names opened locally), the same file
-- imported again as a module, and a nested import inside it.
-- ==
-- input { 1.0 } output { 3.141592653589793 12.566370614359172 1.0 6 }
-- input { 0.0 } output { 0.0 0.0 1.0 6 }
import "lib/geometry"
module G = import "lib/geometry"
entry main (r: f64) = (area r, G.area (2 * r), G.unit_circle.r, G.sides_of_hexagon)
