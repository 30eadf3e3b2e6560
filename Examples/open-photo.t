# photorepl: --open photos/sunset.jpg --preview ascii --preview-size 24x8
........................
::::::::::::::::::::::::
------------------------
=============+%@@#======
+++++++++++++#@@@@++++++
==============*#*+======
..............---:......
              .-:
Photo 3 of 3
  id           sunset.jpg
  description  Sunset over the bay
  author       Ada Lovelace
  size         320 × 200
  file         6.7 KB JPEG
photos/detail 3> state --json
{"stack":["collection","detail"],"count":0,"photos":["fake.jpg","rotated.jpg","sunset.jpg"],"page":3,"source":"folder","layout":"list","sort":"name","filters":[],"index":3,"photo":{"id":"sunset.jpg","width":320,"height":200,"fileSize":6732,"format":"JPEG"}}
photos/detail 3> prev
#+*%%#%%%%%
%*#%=.-%%%%
%%#:...:#%%
%#--...--#%
%%%#...#%%%
%%%#...#%%%
%%%#...#%%%
%%%%===%%%%
Photo 2 of 3
  id           rotated.jpg
  description  Rotated by EXIF (orientation 6)
  author       unknown
  size         160 × 240
  file         3.9 KB JPEG
photos/detail 2> prev
(picture not shown: not a JPEG, PNG, WebP, GIF, HEIC, AVIF, JPEG XL, TIFF or camera RAW image)
Photo 1 of 3
  id           fake.jpg
  description  (no description)
  author       unknown
  size         unknown
  file         19 bytes JPEG
photos/detail 1> back
▸ 1  fake.jpg
  2  rotated.jpg
  3  sunset.jpg
● ○ ○  1/3
photos> open 2
#+*%%#%%%%%
%*#%=.-%%%%
%%#:...:#%%
%#--...--#%
%%%#...#%%%
%%%#...#%%%
%%%#...#%%%
%%%%===%%%%
Photo 2 of 3
  id           rotated.jpg
  description  Rotated by EXIF (orientation 6)
  author       unknown
  size         160 × 240
  file         3.9 KB JPEG
