-- The numeric modules, one namespace per primitive type (their doc texts are in
-- 04_numeric_docs.fut).  Blocks between `-- @for T in ...` and `-- @end` are repeated
-- with `$T` replaced (and `$U`, the unsigned integer type of the same width); see
-- README.md.

-- @for T in bool i8 i16 i32 i64 u8 u16 u32 u64 f16 f32 f64
intrinsic def $T.i8 (x: i8) : $T
intrinsic def $T.i16 (x: i16) : $T
intrinsic def $T.i32 (x: i32) : $T
intrinsic def $T.i64 (x: i64) : $T
intrinsic def $T.u8 (x: u8) : $T
intrinsic def $T.u16 (x: u16) : $T
intrinsic def $T.u32 (x: u32) : $T
intrinsic def $T.u64 (x: u64) : $T
intrinsic def $T.f16 (x: f16) : $T
intrinsic def $T.f32 (x: f32) : $T
intrinsic def $T.f64 (x: f64) : $T
intrinsic def $T.bool (x: bool) : $T
-- @end

-- @for T in i8 i16 i32 i64 u8 u16 u32 u64 f16 f32 f64
intrinsic def $T.max (x: $T) (y: $T) : $T
intrinsic def $T.min (x: $T) (y: $T) : $T
intrinsic def $T.abs (x: $T) : $T
intrinsic def $T.sgn (x: $T) : $T
intrinsic def $T.neg (x: $T) : $T
intrinsic def $T.highest : $T
intrinsic def $T.lowest : $T
intrinsic def $T.num_bits : i32
-- @end

-- @for T in i8 i16 i32 i64 u8 u16 u32 u64
intrinsic def $T.not (x: $T) : $T
intrinsic def $T.popc (x: $T) : i32
intrinsic def $T.clz (x: $T) : i32
intrinsic def $T.ctz (x: $T) : i32
intrinsic def $T.mul_hi (x: $T) (y: $T) : $T
intrinsic def $T.mad_hi (a: $T) (b: $T) (c: $T) : $T
intrinsic def $T.get_bit (bit: i32) (x: $T) : i32
intrinsic def $T.set_bit (bit: i32) (x: $T) (b: i32) : $T
-- @end

-- @for T in f16 f32 f64
-- @fn sqrt rsqrt cbrt exp log log2 log10 log1p sin cos tan sinpi cospi tanpi asin acos atan asinpi acospi atanpi sinh cosh tanh asinh acosh atanh gamma lgamma erf erfc ceil floor trunc round recip
intrinsic def $T.$F (x: $T) : $T
-- @endfn
intrinsic def $T.atan2 (x: $T) (y: $T) : $T
intrinsic def $T.atan2pi (x: $T) (y: $T) : $T
intrinsic def $T.hypot (x: $T) (y: $T) : $T
intrinsic def $T.pow (x: $T) (y: $T) : $T
intrinsic def $T.nextafter (x: $T) (y: $T) : $T
intrinsic def $T.copysign (x: $T) (y: $T) : $T
intrinsic def $T.ldexp (x: $T) (y: i32) : $T
intrinsic def $T.lerp (v0: $T) (v1: $T) (t: $T) : $T
intrinsic def $T.fma (a: $T) (b: $T) (c: $T) : $T
intrinsic def $T.mad (a: $T) (b: $T) (c: $T) : $T
intrinsic def $T.isinf (x: $T) : bool
intrinsic def $T.isnan (x: $T) : bool
intrinsic def $T.to_bits (x: $T) : $U
intrinsic def $T.from_bits (x: $U) : $T
intrinsic def $T.get_bit (bit: i32) (x: $T) : i32
intrinsic def $T.set_bit (bit: i32) (x: $T) (b: i32) : $T
intrinsic def $T.inf : $T
intrinsic def $T.nan : $T
intrinsic def $T.pi : $T
intrinsic def $T.e : $T
intrinsic def $T.epsilon : $T
-- @end

