-- Histogram equalization of u8 images: hist / reduce_by_index histograms, scan for the cumulative distribution, integer lookup-table remap, batched and RGB (luma, per channel).
-- ==
-- entry: equalize
-- "low contrast 5x6"
-- input { [[130u8, 94u8, 98u8, 101u8, 99u8, 130u8], [133u8, 119u8, 91u8, 94u8, 106u8, 111u8], [121u8, 113u8, 103u8, 97u8, 124u8, 126u8], [91u8, 95u8, 112u8, 109u8, 134u8, 115u8], [111u8, 111u8, 123u8, 119u8, 98u8, 126u8]] }
-- output { [[237u8, 18u8, 55u8, 73u8, 64u8, 237u8], [246u8, 173u8, 0u8, 18u8, 91u8, 128u8], [182u8, 146u8, 82u8, 36u8, 200u8, 219u8], [0u8, 27u8, 137u8, 100u8, 255u8, 155u8], [128u8, 128u8, 191u8, 173u8, 55u8, 219u8]] }
-- "dark 4x7"
-- input { [[40u8, 18u8, 29u8, 5u8, 3u8, 0u8, 23u8], [17u8, 24u8, 13u8, 11u8, 11u8, 11u8, 0u8], [43u8, 28u8, 1u8, 29u8, 61u8, 4u8, 15u8], [2u8, 24u8, 42u8, 18u8, 27u8, 23u8, 15u8]] }
-- output { [[226u8, 137u8, 216u8, 49u8, 29u8, 0u8, 157u8], [118u8, 177u8, 88u8, 78u8, 78u8, 78u8, 0u8], [245u8, 196u8, 10u8, 216u8, 255u8, 39u8, 108u8], [20u8, 177u8, 235u8, 137u8, 186u8, 157u8, 108u8]] }
-- "constant image"
-- input { [[77u8, 77u8, 77u8], [77u8, 77u8, 77u8], [77u8, 77u8, 77u8]] }
-- output { [[77u8, 77u8, 77u8], [77u8, 77u8, 77u8], [77u8, 77u8, 77u8]] }
-- "1x1 image"
-- input { [[200u8]] }
-- output { [[200u8]] }
-- "empty image"
-- input { empty([0][4]u8) }
-- output { empty([0][4]u8) }
-- entry: hist_bins
-- "8 bins"
-- input { 8i64 [[40u8, 18u8, 29u8, 5u8, 3u8, 0u8, 23u8], [17u8, 24u8, 13u8, 11u8, 11u8, 11u8, 0u8], [43u8, 28u8, 1u8, 29u8, 61u8, 4u8, 15u8], [2u8, 24u8, 42u8, 18u8, 27u8, 23u8, 15u8]] }
-- output { [24i32, 4i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32] }
-- "16 bins low contrast"
-- input { 16i64 [[130u8, 94u8, 98u8, 101u8, 99u8, 130u8], [133u8, 119u8, 91u8, 94u8, 106u8, 111u8], [121u8, 113u8, 103u8, 97u8, 124u8, 126u8], [91u8, 95u8, 112u8, 109u8, 134u8, 115u8], [111u8, 111u8, 123u8, 119u8, 98u8, 126u8]] }
-- output { [0i32, 0i32, 0i32, 0i32, 0i32, 5i32, 11i32, 10i32, 4i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32] }
-- "1 bin"
-- input { 1i64 [[0u8, 255u8], [255u8, 0u8]] }
-- output { [4i32] }
-- "256 bins 1x1"
-- input { 256i64 [[200u8]] }
-- output { [0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 1i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32] }
-- "zero bins empty image"
-- input { 0i64 empty([0][4]u8) }
-- output { empty([0]i32) }
-- entry: cdf_mode
-- "dark 4x7"
-- input { [[40u8, 18u8, 29u8, 5u8, 3u8, 0u8, 23u8], [17u8, 24u8, 13u8, 11u8, 11u8, 11u8, 0u8], [43u8, 28u8, 1u8, 29u8, 61u8, 4u8, 15u8], [2u8, 24u8, 42u8, 18u8, 27u8, 23u8, 15u8]] }
-- output { [2i32, 3i32, 4i32, 5i32, 6i32, 7i32, 7i32, 7i32, 7i32, 7i32, 7i32, 10i32, 10i32, 11i32, 11i32, 13i32, 13i32, 14i32, 16i32, 16i32, 16i32, 16i32, 16i32, 18i32, 20i32, 20i32, 20i32, 21i32, 22i32, 24i32, 24i32, 24i32, 24i32, 24i32, 24i32, 24i32, 24i32, 24i32, 24i32, 24i32, 25i32, 25i32, 26i32, 27i32, 27i32, 27i32, 27i32, 27i32, 27i32, 27i32, 27i32, 27i32, 27i32, 27i32, 27i32, 27i32, 27i32, 27i32, 27i32, 27i32, 27i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32, 28i32] 11u8 }
-- "two levels tie"
-- input { [[0u8, 255u8], [255u8, 0u8]] }
-- output { [2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 2i32, 4i32] 0u8 }
-- "1x1 image"
-- input { [[200u8]] }
-- output { [0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32, 1i32] 200u8 }
-- "empty image"
-- input { empty([0][4]u8) }
-- output { [0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32, 0i32] 0u8 }
-- entry: equalize_batch
-- "three 3x4 images"
-- input { [[[130u8, 94u8, 98u8, 101u8], [133u8, 119u8, 91u8, 94u8], [121u8, 113u8, 103u8, 97u8]], [[40u8, 18u8, 29u8, 5u8], [17u8, 24u8, 13u8, 11u8], [43u8, 28u8, 1u8, 29u8]], [[77u8, 77u8, 77u8, 77u8], [77u8, 77u8, 77u8, 77u8], [77u8, 77u8, 77u8, 77u8]]] }
-- output { [[[232u8, 46u8, 93u8, 116u8], [255u8, 185u8, 0u8, 46u8], [209u8, 162u8, 139u8, 70u8]], [[232u8, 116u8, 209u8, 23u8], [93u8, 139u8, 70u8, 46u8], [255u8, 162u8, 0u8, 209u8]], [[77u8, 77u8, 77u8, 77u8], [77u8, 77u8, 77u8, 77u8], [77u8, 77u8, 77u8, 77u8]]] [11i32, 11i32, 1i32] }
-- "two 1x1 images"
-- input { [[[200u8]], [[205u8]]] }
-- output { [[[200u8]], [[205u8]]] [1i32, 1i32] }
-- "empty batch"
-- input { empty([0][2][2]u8) }
-- output { empty([0][2][2]u8) empty([0]i32) }
-- "batch of empty images"
-- input { empty([2][0][3]u8) }
-- output { empty([2][0][3]u8) [0i32, 0i32] }
-- entry: luma_equalize
-- "3x4 RGB"
-- input { [[[140u8, 85u8, 72u8], [178u8, 64u8, 84u8], [129u8, 150u8, 129u8], [161u8, 46u8, 94u8]], [[120u8, 101u8, 94u8], [92u8, 45u8, 54u8], [115u8, 107u8, 174u8], [73u8, 158u8, 76u8]], [[60u8, 65u8, 95u8], [67u8, 165u8, 153u8], [152u8, 99u8, 44u8], [75u8, 102u8, 122u8]]] }
-- output { [[100u8, 100u8, 141u8, 86u8], [106u8, 60u8, 117u8, 123u8], [67u8, 134u8, 109u8, 96u8]] [[116u8, 116u8, 255u8, 46u8], [139u8, 0u8, 185u8, 209u8], [23u8, 232u8, 162u8, 70u8]] }
-- "primaries and white"
-- input { [[[255u8, 0u8, 0u8], [0u8, 255u8, 0u8], [0u8, 0u8, 255u8], [255u8, 255u8, 255u8]]] }
-- output { [[76u8, 150u8, 29u8, 255u8]] [[85u8, 170u8, 0u8, 255u8]] }
-- "1x1"
-- input { [[[10u8, 20u8, 30u8]]] }
-- output { [[18u8]] [[18u8]] }
-- "empty"
-- input { empty([0][5][3]u8) }
-- output { empty([0][5]u8) empty([0][5]u8) }
-- entry: equalize_rgb
-- "3x4 RGB"
-- input { [[[140u8, 85u8, 72u8], [178u8, 64u8, 84u8], [129u8, 150u8, 129u8], [161u8, 46u8, 94u8]], [[120u8, 101u8, 94u8], [92u8, 45u8, 54u8], [115u8, 107u8, 174u8], [73u8, 158u8, 76u8]], [[60u8, 65u8, 95u8], [67u8, 165u8, 153u8], [152u8, 99u8, 44u8], [75u8, 102u8, 122u8]]] }
-- output { [[[185u8, 93u8, 46u8], [255u8, 46u8, 93u8], [162u8, 209u8, 209u8], [232u8, 23u8, 139u8]], [[139u8, 139u8, 139u8], [93u8, 0u8, 23u8], [116u8, 185u8, 255u8], [46u8, 232u8, 70u8]], [[0u8, 70u8, 162u8], [23u8, 255u8, 232u8], [209u8, 116u8, 0u8], [70u8, 162u8, 185u8]]] }
-- "2x2 one flat channel"
-- input { [[[5u8, 0u8, 9u8], [5u8, 100u8, 9u8]], [[5u8, 50u8, 9u8], [5u8, 200u8, 10u8]]] }
-- output { [[[5u8, 0u8, 0u8], [5u8, 170u8, 0u8]], [[5u8, 85u8, 0u8], [5u8, 255u8, 255u8]]] }
-- "1x1"
-- input { [[[10u8, 20u8, 30u8]]] }
-- output { [[[10u8, 20u8, 30u8]]] }
-- "empty"
-- input { empty([0][5][3]u8) }
-- output { empty([0][5][3]u8) }

-- 256-bin intensity histogram with hist.
def histogram [n] (pixels: [n]u8) : [256]i32 =
  hist (+) 0 256 (map i64.u8 pixels) (replicate n 1)

-- k-bin histogram with reduce_by_index; pixel v falls in bin v*k/256.
def histogram_k [n] (k: i64) (pixels: [n]u8) : [k]i32 =
  let bins = map (\v -> i64.u8 v * k / 256) pixels
  in reduce_by_index (replicate k 0i32) (+) 0 bins (replicate n 1)

-- Lookup table: lut[v] = round((cdf[v] - cdf_min) * 255 / (total - cdf_min)),
-- computed in exact integer arithmetic.  A constant (or empty) image maps to
-- itself.
def equalize_lut [n] (pixels: [n]u8) : [256]u8 =
  let cdf = scan (+) 0 (histogram pixels)
  let total = i64.i32 (last cdf)
  let cdf_min = i64.i32 (reduce i32.min i32.highest (filter (> 0) cdf))
  let denom = total - cdf_min
  in tabulate 256 (\v ->
       if denom <= 0 then u8.i64 v
       else let c = i64.i32 cdf[v]
            let num = i64.max 0 (c - cdf_min) * 255
            in u8.i64 ((num + denom / 2) / denom))

entry equalize [h][w] (img: [h][w]u8) : [h][w]u8 =
  let lut = equalize_lut (flatten img)
  in map (map (\p -> lut[i64.u8 p])) img

entry hist_bins [h][w] (k: i64) (img: [h][w]u8) : [k]i32 =
  histogram_k k (flatten img)

-- Cumulative distribution (as counts) and the histogram's most frequent
-- intensity (lowest one on ties).
entry cdf_mode [h][w] (img: [h][w]u8) : ([256]i32, u8) =
  let hs = histogram (flatten img)
  let (_, mode) = reduce (\(c1, v1) (c2, v2) ->
                            if c1 > c2 || (c1 == c2 && v1 <= v2) then (c1, v1) else (c2, v2))
                         (-1i32, 255u8) (zip hs (map u8.i64 (iota 256)))
  in (scan (+) 0 hs, mode)

-- Equalize each 8-bit image in a batch independently; returns also the
-- number of distinct intensities of each output.
entry equalize_batch [b][h][w] (imgs: [b][h][w]u8) : ([b][h][w]u8, [b]i32) =
  let outs = map equalize imgs
  let distinct = map (\o -> i32.sum (map (\c -> if c > 0 then 1 else 0)
                                         (histogram (flatten o))))
                     outs
  in (outs, distinct)

-- Luma of an RGB image, Y = round(0.299 R + 0.587 G + 0.114 B), then
-- equalized.
entry luma_equalize [h][w] (img: [h][w][3]u8) : ([h][w]u8, [h][w]u8) =
  let y = map (map (\px -> let f c = f32.u8 px[c]
                           in u8.f32 (f32.round (0.299 * f 0 + 0.587 * f 1 + 0.114 * f 2))))
              img
  in (y, equalize y)

-- Per-channel equalization of an RGB image through a channel-major view.
entry equalize_rgb [h][w] (img: [h][w][3]u8) : [h][w][3]u8 =
  let planes = map (\c -> map (map (\px -> px[c])) img) (iota 3)
  let eq = map equalize planes
  in tabulate_3d h w 3 (\i j c -> eq[c, i, j])
