-- f16 has no C type shared by the host compiler and NVRTC: not in foreign functions.
-- ==
-- error: foreign function `half` is `f16`.*f16 has no C type

foreign "<math.h>" def half (x: f16): f32
def main (x: f16) = half x
