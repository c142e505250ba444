-- Conway's Game of Life on a torus: n generations of a bool/i8 grid, built from rotate and map3.
-- ==
-- entry: main
-- "glider 24 gens wraps around"
-- input { 24i32 [[false, true, false, false, false, false], [false, false, true, false, false, false], [true, true, true, false, false, false], [false, false, false, false, false, false], [false, false, false, false, false, false], [false, false, false, false, false, false]] }
-- output { [[false, true, false, false, false, false], [false, false, true, false, false, false], [true, true, true, false, false, false], [false, false, false, false, false, false], [false, false, false, false, false, false], [false, false, false, false, false, false]] }
-- "1x1 live cell dies"
-- input { 1i32 [[true]] }
-- output { [[false]] }
-- "zero generations"
-- input { 0i32 [[true, true, false, false, true, false, false, true, false, true, false, false], [false, false, false, false, true, false, false, true, true, false, true, true], [false, false, false, false, true, false, false, true, false, false, true, false], [true, false, false, true, false, false, false, false, false, false, false, true], [false, false, false, true, false, true, false, true, false, false, false, true], [true, false, false, false, false, true, false, true, false, false, false, false], [false, false, true, false, true, true, true, false, true, true, false, false], [false, false, true, false, false, true, false, false, false, false, false, false], [false, true, false, true, false, false, false, false, true, false, true, false], [false, false, false, false, true, true, false, true, false, false, false, false]] }
-- output { [[true, true, false, false, true, false, false, true, false, true, false, false], [false, false, false, false, true, false, false, true, true, false, true, true], [false, false, false, false, true, false, false, true, false, false, true, false], [true, false, false, true, false, false, false, false, false, false, false, true], [false, false, false, true, false, true, false, true, false, false, false, true], [true, false, false, false, false, true, false, true, false, false, false, false], [false, false, true, false, true, true, true, false, true, true, false, false], [false, false, true, false, false, true, false, false, false, false, false, false], [false, true, false, true, false, false, false, false, true, false, true, false], [false, false, false, false, true, true, false, true, false, false, false, false]] }
-- "random 10x12"
-- input { 7i32 [[true, true, false, false, true, false, false, true, false, true, false, false], [false, false, false, false, true, false, false, true, true, false, true, true], [false, false, false, false, true, false, false, true, false, false, true, false], [true, false, false, true, false, false, false, false, false, false, false, true], [false, false, false, true, false, true, false, true, false, false, false, true], [true, false, false, false, false, true, false, true, false, false, false, false], [false, false, true, false, true, true, true, false, true, true, false, false], [false, false, true, false, false, true, false, false, false, false, false, false], [false, true, false, true, false, false, false, false, true, false, true, false], [false, false, false, false, true, true, false, true, false, false, false, false]] }
-- output { [[false, false, false, false, false, false, true, true, false, true, false, false], [true, true, false, false, false, true, false, false, false, false, false, false], [true, false, false, true, true, false, false, false, false, false, false, true], [true, false, false, false, false, false, false, false, false, false, false, true], [true, true, false, false, false, true, true, true, true, false, false, true], [true, true, true, true, true, false, false, false, false, false, false, false], [false, false, true, false, false, false, false, false, false, false, false, false], [false, false, false, false, false, false, false, true, true, false, false, false], [false, false, false, true, false, false, true, false, false, true, false, true], [false, true, true, false, false, false, false, false, false, true, false, false]] }
-- "empty"
-- input { 3i32 empty([0][0]bool) }
-- output { empty([0][0]bool) }
-- entry: history
-- "glider history"
-- input { 4i32 [[0i8, 1i8, 0i8, 0i8, 0i8, 0i8], [0i8, 0i8, 1i8, 0i8, 0i8, 0i8], [1i8, 1i8, 1i8, 0i8, 0i8, 0i8], [0i8, 0i8, 0i8, 0i8, 0i8, 0i8], [0i8, 0i8, 0i8, 0i8, 0i8, 0i8], [0i8, 0i8, 0i8, 0i8, 0i8, 0i8]] }
-- output { [[0i8, 0i8, 0i8, 0i8, 0i8, 0i8], [0i8, 0i8, 1i8, 0i8, 0i8, 0i8], [0i8, 0i8, 0i8, 1i8, 0i8, 0i8], [0i8, 1i8, 1i8, 1i8, 0i8, 0i8], [0i8, 0i8, 0i8, 0i8, 0i8, 0i8], [0i8, 0i8, 0i8, 0i8, 0i8, 0i8]] [5i32, 5i32, 5i32, 5i32, 5i32] }
-- "1x1 history"
-- input { 2i32 [[1i8]] }
-- output { [[0i8]] [1i32, 0i32, 0i32] }
-- "zero generations history"
-- input { 0i32 [[1i8, 1i8, 0i8, 0i8, 1i8, 0i8, 0i8, 1i8, 0i8, 1i8, 0i8, 0i8], [0i8, 0i8, 0i8, 0i8, 1i8, 0i8, 0i8, 1i8, 1i8, 0i8, 1i8, 1i8], [0i8, 0i8, 0i8, 0i8, 1i8, 0i8, 0i8, 1i8, 0i8, 0i8, 1i8, 0i8], [1i8, 0i8, 0i8, 1i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 1i8], [0i8, 0i8, 0i8, 1i8, 0i8, 1i8, 0i8, 1i8, 0i8, 0i8, 0i8, 1i8], [1i8, 0i8, 0i8, 0i8, 0i8, 1i8, 0i8, 1i8, 0i8, 0i8, 0i8, 0i8], [0i8, 0i8, 1i8, 0i8, 1i8, 1i8, 1i8, 0i8, 1i8, 1i8, 0i8, 0i8], [0i8, 0i8, 1i8, 0i8, 0i8, 1i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8], [0i8, 1i8, 0i8, 1i8, 0i8, 0i8, 0i8, 0i8, 1i8, 0i8, 1i8, 0i8], [0i8, 0i8, 0i8, 0i8, 1i8, 1i8, 0i8, 1i8, 0i8, 0i8, 0i8, 0i8]] }
-- output { [[1i8, 1i8, 0i8, 0i8, 1i8, 0i8, 0i8, 1i8, 0i8, 1i8, 0i8, 0i8], [0i8, 0i8, 0i8, 0i8, 1i8, 0i8, 0i8, 1i8, 1i8, 0i8, 1i8, 1i8], [0i8, 0i8, 0i8, 0i8, 1i8, 0i8, 0i8, 1i8, 0i8, 0i8, 1i8, 0i8], [1i8, 0i8, 0i8, 1i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 1i8], [0i8, 0i8, 0i8, 1i8, 0i8, 1i8, 0i8, 1i8, 0i8, 0i8, 0i8, 1i8], [1i8, 0i8, 0i8, 0i8, 0i8, 1i8, 0i8, 1i8, 0i8, 0i8, 0i8, 0i8], [0i8, 0i8, 1i8, 0i8, 1i8, 1i8, 1i8, 0i8, 1i8, 1i8, 0i8, 0i8], [0i8, 0i8, 1i8, 0i8, 0i8, 1i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8], [0i8, 1i8, 0i8, 1i8, 0i8, 0i8, 0i8, 0i8, 1i8, 0i8, 1i8, 0i8], [0i8, 0i8, 0i8, 0i8, 1i8, 1i8, 0i8, 1i8, 0i8, 0i8, 0i8, 0i8]] [38i32] }
-- "random 16x16 history"
-- input { 12i32 [[0i8, 0i8, 0i8, 0i8, 0i8, 1i8, 0i8, 1i8, 1i8, 0i8, 1i8, 0i8, 0i8, 1i8, 0i8, 1i8], [0i8, 1i8, 1i8, 0i8, 0i8, 0i8, 1i8, 1i8, 0i8, 1i8, 1i8, 1i8, 1i8, 1i8, 0i8, 0i8], [1i8, 0i8, 0i8, 0i8, 0i8, 1i8, 0i8, 0i8, 1i8, 0i8, 1i8, 0i8, 0i8, 0i8, 1i8, 1i8], [0i8, 0i8, 1i8, 0i8, 0i8, 1i8, 0i8, 1i8, 1i8, 0i8, 0i8, 0i8, 0i8, 1i8, 0i8, 0i8], [0i8, 0i8, 1i8, 1i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 1i8, 0i8, 0i8], [0i8, 0i8, 1i8, 0i8, 0i8, 0i8, 0i8, 1i8, 1i8, 0i8, 1i8, 0i8, 0i8, 0i8, 1i8, 1i8], [0i8, 0i8, 1i8, 1i8, 0i8, 1i8, 0i8, 0i8, 0i8, 1i8, 0i8, 0i8, 0i8, 0i8, 1i8, 0i8], [1i8, 0i8, 1i8, 0i8, 0i8, 0i8, 1i8, 0i8, 0i8, 1i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8], [1i8, 0i8, 0i8, 0i8, 0i8, 1i8, 0i8, 0i8, 1i8, 1i8, 1i8, 0i8, 0i8, 1i8, 1i8, 1i8], [0i8, 0i8, 0i8, 1i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 1i8, 0i8, 0i8, 0i8], [1i8, 0i8, 1i8, 1i8, 1i8, 0i8, 0i8, 0i8, 1i8, 0i8, 0i8, 0i8, 1i8, 1i8, 0i8, 0i8], [0i8, 0i8, 0i8, 0i8, 0i8, 1i8, 1i8, 0i8, 1i8, 0i8, 0i8, 1i8, 1i8, 1i8, 1i8, 0i8], [0i8, 0i8, 1i8, 0i8, 1i8, 0i8, 1i8, 0i8, 1i8, 0i8, 0i8, 0i8, 0i8, 1i8, 0i8, 0i8], [1i8, 0i8, 0i8, 1i8, 1i8, 0i8, 1i8, 1i8, 1i8, 1i8, 0i8, 0i8, 0i8, 0i8, 1i8, 1i8], [1i8, 1i8, 0i8, 0i8, 1i8, 1i8, 0i8, 0i8, 1i8, 1i8, 0i8, 0i8, 0i8, 0i8, 0i8, 1i8], [0i8, 0i8, 0i8, 0i8, 1i8, 0i8, 1i8, 0i8, 0i8, 0i8, 0i8, 1i8, 0i8, 1i8, 1i8, 0i8]] }
-- output { [[0i8, 0i8, 1i8, 0i8, 0i8, 0i8, 0i8, 1i8, 1i8, 0i8, 0i8, 0i8, 0i8, 0i8, 1i8, 0i8], [0i8, 0i8, 1i8, 0i8, 0i8, 0i8, 1i8, 0i8, 0i8, 1i8, 0i8, 0i8, 0i8, 1i8, 1i8, 1i8], [0i8, 1i8, 0i8, 0i8, 0i8, 0i8, 1i8, 0i8, 1i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8], [1i8, 1i8, 0i8, 0i8, 0i8, 0i8, 0i8, 1i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 1i8], [1i8, 1i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8], [1i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8], [1i8, 0i8, 0i8, 0i8, 1i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 1i8, 1i8], [0i8, 0i8, 0i8, 0i8, 1i8, 1i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 1i8, 1i8], [0i8, 1i8, 1i8, 0i8, 0i8, 1i8, 1i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 1i8], [1i8, 1i8, 1i8, 0i8, 0i8, 1i8, 1i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 1i8], [1i8, 0i8, 0i8, 0i8, 1i8, 1i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8], [0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8], [0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 1i8, 1i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8], [0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 1i8, 1i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8], [1i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8], [0i8, 1i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 0i8, 1i8, 0i8]] [94i32, 90i32, 94i32, 67i32, 66i32, 44i32, 53i32, 38i32, 42i32, 45i32, 43i32, 42i32, 49i32] }

type cell = i8

def to_cell (b: bool) : cell = if b then 1 else 0

-- Number of live cells in the 3x3 block around each cell (torus wrap-around),
-- computed separably: vertical sums of three rotated grids, then horizontal.
def block_sums [n][m] (g: [n][m]cell) : [n][m]cell =
  let vert = map3 (map3 (\a b c -> a + b + c)) (rotate (-1) g) g (rotate 1 g)
  in map (\row -> map3 (\l c r -> l + c + r) (rotate (-1) row) row (rotate 1 row)) vert

def rule (alive: bool) (neighbours: cell) : bool =
  neighbours == 3 || (alive && neighbours == 2)

def step [n][m] (g: [n][m]bool) : [n][m]bool =
  let cells = map (map to_cell) g
  let sums = block_sums cells
  in map3 (map3 (\alive c s -> rule alive (s - c))) g cells sums

def life [n][m] (gens: i32) (g: [n][m]bool) : [n][m]bool =
  loop g for _i < gens do step g

def main [n][m] (gens: i32) (grid: [n][m]bool) : [n][m]bool =
  life gens grid

-- Cells given as i8 (non-zero = alive); returns the final grid as i8 and the
-- population of every generation 0..gens.
entry history [n][m] (gens: i32) (grid: [n][m]i8) : ([n][m]i8, []i32) =
  let count (g: [n][m]bool) = i32.sum (map (\b -> i32.bool b) (flatten g))
  let g0 = map (map (!= 0)) grid
  let pops0 = replicate (i64.i32 gens + 1) 0i32
  let (g, pops) =
    loop (g, pops) = (g0, pops0) for i < i64.i32 gens do
      let pops[i] = count g
      in (step g, pops)
  let pops = pops with [i64.i32 gens] = count g
  in (map (map to_cell) g, pops)
