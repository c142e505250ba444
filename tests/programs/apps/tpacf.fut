-- Parboil TPACF-like angular correlation: unit-sphere points, pair dot products binned by binary search over descending cos(angle) boundaries, DD/DR/RR histograms by reduce_by_index and hist.
-- ==
-- entry: bin_of
-- "ties and ends"
-- input { [0.9, 0.5, 0.5, 0.0, -0.5] [1.0, 0.9, 0.95, 0.5, 0.7, 0.1, 0.0, -0.5, -0.6, -1.0, 0.49999999999] }
-- output { [0i64, 1i64, 0i64, 3i64, 1i64, 3i64, 4i64, 5i64, 5i64, 5i64, 3i64] }
-- "no boundaries"
-- input { empty([0]f64) [0.25, -1.0] }
-- output { [0i64, 0i64] }
-- "no dots"
-- input { [0.5] empty([0]f64) }
-- output { empty([0]i64) }
-- entry: tpacf
-- entry: tpacf
-- "small"
-- input { 6i64 [-0.4757260685234446f64, -0.49405962731531106f64, -0.6542579330544837f64, 0.1417099149693439f64, 0.3388713508070866f64] [0.3828390087539426f64, -0.32618462450209973f64, 0.18708749049460693f64, -0.0006731562993681433f64, -0.6861267958996373f64] [-0.7919084550019184f64, -0.80592101064278f64, 0.7327651929067763f64, 0.9899079991898126f64, 0.6437361474631341f64] [-0.4459870373952481f64, -0.5831361108100491f64, -0.43172813400013543f64, -0.5905135173894741f64] [0.579143898318563f64, 0.4927175137944538f64, -0.4449175957949813f64, -0.5634609430377111f64] [-0.6824132967020702f64, -0.6458960658415119f64, -0.784639504017466f64, 0.5777590773422467f64] }
-- output { [0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 10i64, 0i64] [0i64, 0i64, 0i64, 0i64, 0i64, 3i64, 16i64, 1i64] [0i64, 0i64, 0i64, 0i64, 0i64, 1i64, 5i64, 0i64] }
-- "empty data"
-- input { 4i64 empty([0]f64) empty([0]f64) empty([0]f64) [0.609834055629593f64, 0.3662001323826636f64, 0.7196836694767118f64] [0.7660327539063932f64, -0.3207664508674461f64, -0.03611437818460725f64] [-0.20321477440616778f64, -0.8735023451833555f64, 0.6933622196059388f64] }
-- output { [0i64, 0i64, 0i64, 0i64, 0i64, 0i64] [0i64, 0i64, 0i64, 0i64, 0i64, 0i64] [0i64, 0i64, 0i64, 0i64, 3i64, 0i64] }
-- "one each"
-- input { 3i64 [0.6343222906314391f64] [0.2490933025445252f64] [-0.7318386148841463f64] [-0.19770683482456544f64] [-0.9594800479606209f64] [0.20077361636713287f64] }
-- output { [0i64, 0i64, 0i64, 0i64, 0i64] [0i64, 0i64, 0i64, 1i64, 0i64] [0i64, 0i64, 0i64, 0i64, 0i64] }
-- "all equal"
-- input { 5i64 [-0.6065947802163858f64, -0.6065947802163858f64, -0.6065947802163858f64, -0.6065947802163858f64] [0.10137803172475492f64, 0.10137803172475492f64, 0.10137803172475492f64, 0.10137803172475492f64] [-0.7885209364993736f64, -0.7885209364993736f64, -0.7885209364993736f64, -0.7885209364993736f64] [-0.6065947802163858f64, -0.6065947802163858f64, -0.6065947802163858f64] [0.10137803172475492f64, 0.10137803172475492f64, 0.10137803172475492f64] [-0.7885209364993736f64, -0.7885209364993736f64, -0.7885209364993736f64] }
-- output { [6i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64] [12i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64] [3i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64] }
-- entry: tpacf_gen
-- "gen 100x90"
-- input { 20i64 100i64 90i64 42i64 }
-- output { [0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 1i64, 1i64, 3i64, 13i64, 30i64, 65i64, 145i64, 375i64, 810i64, 1688i64, 1743i64, 76i64] [0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 1i64, 4i64, 11i64, 29i64, 65i64, 126i64, 265i64, 648i64, 1454i64, 3066i64, 3180i64, 151i64] [0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 1i64, 0i64, 1i64, 5i64, 4i64, 20i64, 50i64, 121i64, 288i64, 675i64, 1391i64, 1384i64, 65i64] }
-- "gen 37x1"
-- input { 7i64 37i64 1i64 9i64 }
-- output { [0i64, 0i64, 0i64, 0i64, 1i64, 7i64, 87i64, 565i64, 6i64] [0i64, 0i64, 0i64, 0i64, 0i64, 1i64, 7i64, 29i64, 0i64] [0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64] }
-- "gen zero bins"
-- input { 0i64 10i64 6i64 3i64 }
-- output { [0i64, 45i64] [0i64, 60i64] [0i64, 15i64] }
-- "gen empty"
-- input { 5i64 0i64 0i64 1i64 }
-- output { [0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64] [0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64] [0i64, 0i64, 0i64, 0i64, 0i64, 0i64, 0i64] }

-- Cosines of the bin edges: angles from 1 to 10000 arcminutes, spaced
-- logarithmically (nbins + 1 edges, so descending cosines).
def boundaries (nbins: i64) : []f64 =
  let lmin = f64.log 1.0
  let lmax = f64.log 10000.0
  in tabulate (nbins + 1) (\k ->
       let t = if nbins == 0 then 0.0 else f64.i64 k / f64.i64 nbins
       let a = f64.exp (lmin + (lmax - lmin) * t) / 60.0 * f64.pi / 180.0
       in f64.cos a)

-- The bin of dot product d: the number of edges b with b >= d, found by a
-- binary search for the first edge below d (edges are non-increasing).
-- Bin 0 is closer than the first edge, bin nb past the last one.
def bin_search [nb] (edges: [nb]f64) (d: f64) : i64 =
  let (lo, _) =
    loop (lo, hi) = (0i64, nb) while lo < hi do
      let mid = (lo + hi) / 2
      in if edges[mid] >= d then (mid + 1, hi) else (lo, mid)
  in lo

def mix (x: u64) : u64 =
  let x = x ^ (x >> 33)
  let x = x * 0xff51afd7ed558ccd
  let x = x ^ (x >> 33)
  let x = x * 0xc4ceb9fe1a85ec53
  in x ^ (x >> 33)

def coord (seed: i64) (k: i64) : f64 =
  let h = mix (u64.i64 seed * 0x9E3779B97F4A7C15 + u64.i64 k)
  in f64.u64 (h >> 33) / 1073741824.0 - 1.0

-- n pseudo-random points on the unit sphere (normalised cube points).
def gen_points (seed: i64) (n: i64) : ([n]f64, [n]f64, [n]f64) =
  unzip3 (tabulate n (\i ->
    let x = coord seed (3 * i)
    let y = coord seed (3 * i + 1)
    let z = coord seed (3 * i + 2)
    let r = f64.sqrt (x * x + y * y + z * z)
    in (x / r, y / r, z / r)))

type pts [n] = ([n]f64, [n]f64, [n]f64)

def dot [n] [m] ((ax, ay, az): pts [n]) ((bx, by, bz): pts [m]) (i: i64) (j: i64) : f64 =
  ax[i] * bx[j] + ay[i] * by[j] + az[i] * bz[j]

-- The pairs i < j of n points, flattened: row i holds n-1-i pairs; each
-- flat pair finds its row by a max-scan of the rows' scattered starts.
def tri_pairs (n: i64) : ([]i64, []i64) =
  let lens = tabulate n (\i -> n - 1 - i)
  let offs = scan (+) 0 lens
  let m = if n == 0 then 0 else offs[n - 1]
  let starts = map2 (-) offs lens
  let owner = scan i64.max 0 (reduce_by_index (replicate m 0) i64.max 0 starts (iota n))
  let js = map2 (\k i -> i + 1 + (k - starts[i])) (iota m) owner
  in (owner, js)

-- Data-data over the triangular pair list (reduce_by_index), data-random
-- over all pairs of a nested map (reduce_by_index of the flattened bins),
-- random-random over a masked square (hist, -1 for dropped pairs).
def correlate [nd] [nr] (nbins: i64) (d: pts [nd]) (r: pts [nr]) : ([]i64, []i64, []i64) =
  let edges = boundaries nbins
  let nb = nbins + 2
  let (pi, pj) = tri_pairs nd
  let dd_bins = map2 (\i j -> bin_search edges (dot d d i j)) pi pj
  let dd = reduce_by_index (replicate nb 0i64) (+) 0 dd_bins (map (const 1) dd_bins)
  let dr_bins = flatten (tabulate_2d nd nr (\i j -> bin_search edges (dot d r i j)))
  let dr = reduce_by_index (replicate nb 0i64) (+) 0 dr_bins (replicate (nd * nr) 1)
  let rr_bins = flatten (tabulate_2d nr nr (\i j -> if i < j then bin_search edges (dot r r i j) else -1))
  let rr = hist (+) 0 nb rr_bins (replicate (nr * nr) 1i64)
  in (dd, dr, rr)

entry bin_of [nb] [n] (edges: [nb]f64) (dots: [n]f64) : [n]i64 =
  map (bin_search edges) dots

entry tpacf [nd] [nr] (nbins: i64) (dx: [nd]f64) (dy: [nd]f64) (dz: [nd]f64)
                      (rx: [nr]f64) (ry: [nr]f64) (rz: [nr]f64) : ([]i64, []i64, []i64) =
  correlate nbins (dx, dy, dz) (rx, ry, rz)

entry tpacf_gen (nbins: i64) (nd: i64) (nr: i64) (seed: i64) : ([]i64, []i64, []i64) =
  correlate nbins (gen_points seed nd) (gen_points (seed + 1) nr)
