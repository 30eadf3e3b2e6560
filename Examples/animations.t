# photorepl: --folder animations --preview ascii --preview-size 12x4 --listing 4:b33ba6a02c7ae3d4
count: 0
photos> count 4
count: 4
photos> fetch
Found 4 photos in animations.
Fetched 4 photos.
▸ 1  three-frames.png
  2  three-frames.gif
  3  three-frames.avif
  4  three-frames.webp
● ○ ○ ○  1/4
photos> open 1
::::::::::::
::::::::::::
::::::::::::
::::::::::::
Photo 1 of 4
  id           three-frames.png
  description  (no description)
  author       unknown
  size         6 × 4, animated, 3 frames
  file         271 bytes PNG
photos/detail 1> next
::::::::::::
::::::::::::
::::::::::::
::::::::::::
Photo 2 of 4
  id           three-frames.gif
  description  (no description)
  author       unknown
  size         6 × 4, animated, 3 frames
  file         124 bytes GIF
photos/detail 2> next
::::::::::::
::::::::::::
::::::::::::
::::::::::::
Photo 3 of 4
  id           three-frames.avif
  description  (no description)
  author       unknown
  size         6 × 4, animated, 3 frames
  file         1.1 KB AVIF
photos/detail 3> next
::::::::::::
::::::::::::
::::::::::::
::::::::::::
Photo 4 of 4
  id           three-frames.webp
  description  (no description)
  author       unknown
  size         6 × 4, animated, 3 frames
  file         188 bytes WebP
