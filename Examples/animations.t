# photorepl: --folder animations --preview ascii --preview-size 12x4 --listing 3:b10bd32b700be2e5
count: 0
photos> count 3
count: 3
photos> fetch
Found 3 photos in animations.
Fetched 3 photos.
▸ 1  three-frames.png
  2  three-frames.gif
  3  three-frames.webp
● ○ ○  1/3
photos> open 1
::::::::::::
::::::::::::
::::::::::::
::::::::::::
Photo 1 of 3
  id           three-frames.png
  description  (no description)
  author       unknown
  likes        —
  size         6 × 4, animated, 3 frames
  url          three-frames.png
photos/detail 1> next
::::::::::::
::::::::::::
::::::::::::
::::::::::::
Photo 2 of 3
  id           three-frames.gif
  description  (no description)
  author       unknown
  likes        —
  size         6 × 4, animated, 3 frames
  url          three-frames.gif
photos/detail 2> next
::::::::::::
::::::::::::
::::::::::::
::::::::::::
Photo 3 of 3
  id           three-frames.webp
  description  (no description)
  author       unknown
  likes        —
  size         6 × 4, animated, 3 frames
  url          three-frames.webp
