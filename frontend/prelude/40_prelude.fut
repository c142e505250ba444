-- Top-level helpers of Futhark's prelude.fut (not in the signature listing, but
-- every Futhark program can use them).

def r32 (x: i32) : f32 = f32.i32 x
def t32 (x: f32) : i32 = i32.f32 x
def r64 (x: i32) : f64 = f64.i32 x
def t64 (x: f64) : i32 = i32.f64 x
def not (x: bool) : bool = !x
def opaque 't (x: t) : t = x
def break 't (x: t) : t = x
