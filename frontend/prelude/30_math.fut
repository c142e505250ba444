-- Numeric-module functions written in Loom (templates as in 05_math_intrinsics.fut); their
-- doc texts are in 04_numeric_docs.fut.

-- @for T in i8 i16 i32 i64 u8 u16 u32 u64 f16 f32 f64
def $T.to_i64 (x: $T) : i64 = i64.$T x
def $T.to_i32 (x: $T) : i32 = i32.$T x
def $T.from_i64 (x: i64) : $T = $T.i64 x
def $T.to_f64 (x: $T) : f64 = f64.$T x
def $T.sum [n] (xs: [n]$T) : $T = reduce (+) (0 : $T) xs
def $T.product [n] (xs: [n]$T) : $T = reduce (*) (1 : $T) xs
def $T.maximum [n] (xs: [n]$T) : $T = reduce $T.max $T.lowest xs
def $T.minimum [n] (xs: [n]$T) : $T = reduce $T.min $T.highest xs
-- @end

-- @for T in i8 i16 i32 i64 u8 u16 u32 u64
def $T.sign (x: $U) : $S = $S.$U x
def $T.unsign (x: $S) : $U = $U.$S x
-- @end

-- @for T in f16 f32 f64
def $T.from_fraction (x: i64) (y: i64) : $T = $T.i64 x / $T.i64 y
def $T.clamp (lo: $T) (hi: $T) (x: $T) : $T = $T.min hi ($T.max lo x)
-- @end

-- @for T in i8 i16 i32 i64 u8 u16 u32 u64
def $T.clamp (lo: $T) (hi: $T) (x: $T) : $T = $T.min hi ($T.max lo x)
-- @end

def bool.not (x: bool) : bool = !x
