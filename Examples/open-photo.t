# photorepl: --open photos/sunset.jpg --preview ascii --preview-size 24x8
count: 0
........................
::::::::::::::::::::::::
------------------------
=============+%@@#======
+++++++++++++#@@@@++++++
==============*##*======
..............---:......
              .-:
Photo 1 of 2
  id           sunset.jpg
  description  Sunset over the bay
  author       Ada Lovelace
  likes        —
  size         320 × 200
  url          sunset.jpg
photos/detail 1> state --json
{"stack":["collection","detail"],"count":30,"photos":["sunset.jpg","rotated.jpg"],"page":1,"source":"folder","layout":"list","index":1}
photos/detail 1> back
Photo 1 stays at position 1.
▸ 1  sunset.jpg   Sunset over the bay               Ada Lovelace
  2  rotated.jpg  Rotated by EXIF (orientation 6)
● ○  1/2
photos> open 2
#++%%#%%%%%
%*#%=.-%%%%
%%#:...:#%%
%%=-...:-#%
%%%#...*%%%
%%%#...*%%%
%%%#...*%%%
%%%%===#%%%
Photo 2 of 2
  id           rotated.jpg
  description  Rotated by EXIF (orientation 6)
  author       unknown
  likes        —
  size         160 × 240
  url          rotated.jpg
