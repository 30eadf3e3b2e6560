# photorepl: --folder formats --preview ascii --preview-size 32x8
count: 0
photos> count 6
count: 6
photos> fetch
Found 6 photos in formats.
Fetched 6 photos.
▸ 1  rotated.webp  Rotated by EXIF (orientation 6)   unknown             —
  2  leaf.png      leaf.png                          unknown             —
  3  leaf.gif      leaf.gif                          unknown             —
  4  rotated.avif  Rotated by EXIF (orientation 6)   unknown             —
  5  sunset.jpg    Sunset over the bay               Ada Lovelace        —
  6  sunset.heic   Sunset over the bay               Ada Lovelace        —
● ○ ○ ○ ○ ○  1/6
photos> open 1
#++%%#%%%%%
%*#%=.-%%%%
%%#:  ..*%%
%%=-   :-#%
%%%%   *%%%
%%%%   *%%%
%%%%   *%%%
%%%%===#%%%
Photo 1 of 6
  id           rotated.webp
  description  Rotated by EXIF (orientation 6)
  author       unknown
  likes        —
  size         160 × 240
  url          rotated.webp
photos/detail 1> back
Photo 1 stays at position 1.
▸ 1  rotated.webp  Rotated by EXIF (orientation 6)   unknown             —
  2  leaf.png      leaf.png                          unknown             —
  3  leaf.gif      leaf.gif                          unknown             —
  4  rotated.avif  Rotated by EXIF (orientation 6)   unknown             —
  5  sunset.jpg    Sunset over the bay               Ada Lovelace        —
  6  sunset.heic   Sunset over the bay               Ada Lovelace        —
● ○ ○ ○ ○ ○  1/6
photos> open 2
      ....
   .:......:.
  :..-====-. :.
 :. ========..:
 :. ========..:
  :..-====-. :.
   .:......::
      ....
Photo 2 of 6
  id           leaf.png
  description  leaf.png
  author       unknown
  likes        —
  size         200 × 200
  url          leaf.png
photos/detail 2> back
Photo 2 stays at position 2.
  1  rotated.webp  Rotated by EXIF (orientation 6)   unknown             —
▸ 2  leaf.png      leaf.png                          unknown             —
  3  leaf.gif      leaf.gif                          unknown             —
  4  rotated.avif  Rotated by EXIF (orientation 6)   unknown             —
  5  sunset.jpg    Sunset over the bay               Ada Lovelace        —
  6  sunset.heic   Sunset over the bay               Ada Lovelace        —
○ ● ○ ○ ○ ○  2/6
photos> open 3
     .::::.
   -=-:::::=-.
 .+:.-====-..+:
 =- ========.:+
 =- ========.:+
 .+:.-====-..+:
  .-=:.::.:==.
     .::::.
Photo 3 of 6
  id           leaf.gif
  description  leaf.gif
  author       unknown
  likes        —
  size         200 × 200
  url          leaf.gif
photos/detail 3> back
Photo 3 stays at position 3.
  1  rotated.webp  Rotated by EXIF (orientation 6)   unknown             —
  2  leaf.png      leaf.png                          unknown             —
▸ 3  leaf.gif      leaf.gif                          unknown             —
  4  rotated.avif  Rotated by EXIF (orientation 6)   unknown             —
  5  sunset.jpg    Sunset over the bay               Ada Lovelace        —
  6  sunset.heic   Sunset over the bay               Ada Lovelace        —
○ ○ ● ○ ○ ○  3/6
photos> open 4
#++%%#%%%%%
%*#%=.-%%%%
%%#:...:#%%
%%=-...:-#%
%%%#...*%%%
%%%#.. *%%%
%%%#.. *%%%
%%%%===#%%%
Photo 4 of 6
  id           rotated.avif
  description  Rotated by EXIF (orientation 6)
  author       unknown
  likes        —
  size         160 × 240
  url          rotated.avif
photos/detail 4> back
Photo 4 stays at position 4.
  1  rotated.webp  Rotated by EXIF (orientation 6)   unknown             —
  2  leaf.png      leaf.png                          unknown             —
  3  leaf.gif      leaf.gif                          unknown             —
▸ 4  rotated.avif  Rotated by EXIF (orientation 6)   unknown             —
  5  sunset.jpg    Sunset over the bay               Ada Lovelace        —
  6  sunset.heic   Sunset over the bay               Ada Lovelace        —
○ ○ ○ ● ○ ○  4/6
photos> open 5
..........................
::::::::::::::::::::::::::
--------------------------
===============#@@%+======
++++++++++++++*@@@@#++++++
===============*##*+======
...............:---.......
                :-.
Photo 5 of 6
  id           sunset.jpg
  description  Sunset over the bay
  author       Ada Lovelace
  likes        —
  size         320 × 200
  url          sunset.jpg
photos/detail 5> back
Photo 5 stays at position 5.
  1  rotated.webp  Rotated by EXIF (orientation 6)   unknown             —
  2  leaf.png      leaf.png                          unknown             —
  3  leaf.gif      leaf.gif                          unknown             —
  4  rotated.avif  Rotated by EXIF (orientation 6)   unknown             —
▸ 5  sunset.jpg    Sunset over the bay               Ada Lovelace        —
  6  sunset.heic   Sunset over the bay               Ada Lovelace        —
○ ○ ○ ○ ● ○  5/6
photos> open 6
..........................
::::::::::::::::::::::::::
--------------------------
===============%@@%+======
++++++++++++++*@@@@#++++++
===============**#*=======
...............:---.......
                :-.
Photo 6 of 6
  id           sunset.heic
  description  Sunset over the bay
  author       Ada Lovelace
  likes        —
  size         320 × 200
  url          sunset.heic
photos/detail 6> state --json
{"stack":["collection","detail"],"count":6,"photos":["rotated.webp","leaf.png","leaf.gif","rotated.avif","sunset.jpg","sunset.heic"],"page":6,"source":"folder","index":6}
