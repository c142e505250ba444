-- # A literate program
--
-- Text, code and directives (`loom literate`, as `futhark literate`).

-- | A square.
def sq (x: i32) = x * x
def board (n: i64) : [n][n]bool = tabulate_2d n n (\i j -> (i + j) % 2 == 0)

def ramp (n: i64) : [n][n]f32 = tabulate_2d n n (\i j -> f32.i64 j / f32.i64 (n - 1))

-- > map sq [1, 2, 3]

-- > :img board 4

-- > :brief :img ramp 5;
-- file: ramp.png

-- > :covert (sq 7, #[trace] true)

-- Files beside the program, read by FutharkScript's built-ins.

-- > i32.sum ($loaddata "literate_data.in")

def scale (xs: []f32) (k: i64) = map (* f32.i64 k) xs

-- > scale ($loaddata "../repl/data/two.in")

-- > :img $loadimg "../repl/data/tiny.png"

-- Plots, drawn by gnuplot.

def wave = (map f64.i64 (iota 30), map (\i -> f64.sin (f64.i64 i / 4)) (iota 30))

-- > :plot2d wave

-- > :plot2d {wave = wave, line = (map f64.i64 (iota 30), map f64.i64 (iota 30))};
-- size: (300, 200)

-- > :gnuplot {pts = wave};
-- set title "points"
-- plot pts using 1:2 with points notitle

-- Frames as an animated GIF, and samples as a sound.

-- > :video map (\t -> tabulate_2d 8 8 (\i j -> if (i + j + t) % 4 == 0 then 0xFFFF8000u32 else 0xFF000040u32)) (iota 4);
-- fps: 5

-- > :audio map (\i -> f32.sin (f32.i64 i * 0.25)) (iota 800);
-- sampling_frequency: 8000
