# photorepl: --folder formats --preview ascii --preview-size 32x8
count: 0
photos> count 7
count: 7
photos> fetch
Found 7 photos in formats.
Fetched 7 photos.
▸ 1  rotated.webp  Rotated by EXIF (orientation 6)
  2  leaf.gif
  3  rotated.avif  Rotated by EXIF (orientation 6)
  4  leaf.png
  5  sunset.jpg    Sunset over the bay               Ada Lovelace
  6  camera.jpg    A camera's photo with previews
  7  sunset.heic   Sunset over the bay               Ada Lovelace
● ○ ○ ○ ○ ○ ○  1/7
photos> open 1
#++%%#%%%%%
%*#%=.-%%%%
%%#:  ..*%%
%%=-   :-#%
%%%%   *%%%
%%%%   *%%%
%%%%   *%%%
%%%%===#%%%
Photo 1 of 7
  id           rotated.webp
  description  Rotated by EXIF (orientation 6)
  author       unknown
  likes        —
  size         160 × 240
  url          rotated.webp
photos/detail 1> back
Photo 1 stays at position 1.
▸ 1  rotated.webp  Rotated by EXIF (orientation 6)
  2  leaf.gif
  3  rotated.avif  Rotated by EXIF (orientation 6)
  4  leaf.png
  5  sunset.jpg    Sunset over the bay               Ada Lovelace
  6  camera.jpg    A camera's photo with previews
  7  sunset.heic   Sunset over the bay               Ada Lovelace
● ○ ○ ○ ○ ○ ○  1/7
photos> open 2
     .::::.
   -=-:::::=-.
 .+:.-====-..+:
 =- ========.:+
 =- ========.:+
 .+:.-====-..+:
  .-=:.::.:==.
     .::::.
Photo 2 of 7
  id           leaf.gif
  description  (no description)
  author       unknown
  likes        —
  size         200 × 200
  url          leaf.gif
photos/detail 2> show --why
     .::::.
   -=-:::::=-.
 .+:.-====-..+:
 =- ========.:+
 =- ========.:+
 .+:.-====-..+:
  .-=:.::.:==.
     .::::.
picture: from the GIF itself, 200×200
Photo 2 of 7
  id           leaf.gif
  description  (no description)
  author       unknown
  likes        —
  size         200 × 200
  url          leaf.gif
photos/detail 2> back
Photo 2 stays at position 2.
  1  rotated.webp  Rotated by EXIF (orientation 6)
▸ 2  leaf.gif
  3  rotated.avif  Rotated by EXIF (orientation 6)
  4  leaf.png
  5  sunset.jpg    Sunset over the bay               Ada Lovelace
  6  camera.jpg    A camera's photo with previews
  7  sunset.heic   Sunset over the bay               Ada Lovelace
○ ● ○ ○ ○ ○ ○  2/7
photos> open 3
#++%%#%%%%%
%*#%=.-%%%%
%%#:...:#%%
%%=-...:-#%
%%%#...*%%%
%%%#.. *%%%
%%%#.. *%%%
%%%%===#%%%
Photo 3 of 7
  id           rotated.avif
  description  Rotated by EXIF (orientation 6)
  author       unknown
  likes        —
  size         160 × 240
  url          rotated.avif
photos/detail 3> back
Photo 3 stays at position 3.
  1  rotated.webp  Rotated by EXIF (orientation 6)
  2  leaf.gif
▸ 3  rotated.avif  Rotated by EXIF (orientation 6)
  4  leaf.png
  5  sunset.jpg    Sunset over the bay               Ada Lovelace
  6  camera.jpg    A camera's photo with previews
  7  sunset.heic   Sunset over the bay               Ada Lovelace
○ ○ ● ○ ○ ○ ○  3/7
photos> open 4
      ....
   .:......:.
  :..-====-. :.
 :. ========..:
 :. ========..:
  :..-====-. :.
   .:......::
      ....
Photo 4 of 7
  id           leaf.png
  description  (no description)
  author       unknown
  likes        —
  size         200 × 200
  url          leaf.png
photos/detail 4> back
Photo 4 stays at position 4.
  1  rotated.webp  Rotated by EXIF (orientation 6)
  2  leaf.gif
  3  rotated.avif  Rotated by EXIF (orientation 6)
▸ 4  leaf.png
  5  sunset.jpg    Sunset over the bay               Ada Lovelace
  6  camera.jpg    A camera's photo with previews
  7  sunset.heic   Sunset over the bay               Ada Lovelace
○ ○ ○ ● ○ ○ ○  4/7
photos> open 5
..........................
::::::::::::::::::::::::::
--------------------------
===============#@@%+======
++++++++++++++*@@@@#++++++
===============*##*+======
...............:---.......
                :-.
Photo 5 of 7
  id           sunset.jpg
  description  Sunset over the bay
  author       Ada Lovelace
  likes        —
  size         320 × 200
  url          sunset.jpg
photos/detail 5> show --why
..........................
::::::::::::::::::::::::::
--------------------------
===============#@@%+======
++++++++++++++*@@@@#++++++
===============*##*+======
...............:---.......
                :-.
picture: from the JPEG itself (320×200), decoded at 240×150
Photo 5 of 7
  id           sunset.jpg
  description  Sunset over the bay
  author       Ada Lovelace
  likes        —
  size         320 × 200
  url          sunset.jpg
photos/detail 5> back
Photo 5 stays at position 5.
  1  rotated.webp  Rotated by EXIF (orientation 6)
  2  leaf.gif
  3  rotated.avif  Rotated by EXIF (orientation 6)
  4  leaf.png
▸ 5  sunset.jpg    Sunset over the bay               Ada Lovelace
  6  camera.jpg    A camera's photo with previews
  7  sunset.heic   Sunset over the bay               Ada Lovelace
○ ○ ○ ○ ● ○ ○  5/7
photos> open 6
......................
::::::::::::::::::::::
----------------------
============*@@@#=====
++++++++++++@@@@@+++++
============+***+=====
............:---:.....
             .-.
Photo 6 of 7
  id           camera.jpg
  description  A camera's photo with previews
  author       unknown
  likes        —
  size         1200 × 900
  url          camera.jpg
photos/detail 6> show --why
......................
::::::::::::::::::::::
----------------------
============*@@@#=====
++++++++++++@@@@@+++++
============+***+=====
............:---:.....
             .-.
picture: from the MPF preview (640×480) inside the 1200×900 photo, decoded at 240×180
Photo 6 of 7
  id           camera.jpg
  description  A camera's photo with previews
  author       unknown
  likes        —
  size         1200 × 900
  url          camera.jpg
photos/detail 6> back
Photo 6 stays at position 6.
  1  rotated.webp  Rotated by EXIF (orientation 6)
  2  leaf.gif
  3  rotated.avif  Rotated by EXIF (orientation 6)
  4  leaf.png
  5  sunset.jpg    Sunset over the bay               Ada Lovelace
▸ 6  camera.jpg    A camera's photo with previews
  7  sunset.heic   Sunset over the bay               Ada Lovelace
○ ○ ○ ○ ○ ● ○  6/7
photos> open 7
..........................
::::::::::::::::::::::::::
--------------------------
===============%@@%+======
++++++++++++++*@@@@#++++++
===============**#*=======
...............:---.......
                :-.
Photo 7 of 7
  id           sunset.heic
  description  Sunset over the bay
  author       Ada Lovelace
  likes        —
  size         320 × 200
  url          sunset.heic
photos/detail 7> state --json
{"stack":["collection","detail"],"count":7,"photos":["rotated.webp","leaf.gif","rotated.avif","leaf.png","sunset.jpg","camera.jpg","sunset.heic"],"page":7,"source":"folder","layout":"list","index":7}
