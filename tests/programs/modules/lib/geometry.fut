-- Imported by ../import.fut and ../import_hidden.fut (no tests of its own).
import "shapes"
type circle = {r: f64}
def unit_circle : circle = {r = 1}
def area (r: f64) = f64.pi * r * r
def sides_of_hexagon : i32 = sides hexagon
local def hidden : i32 = 3
