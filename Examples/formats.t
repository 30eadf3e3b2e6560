# photorepl: --folder formats --preview ascii --preview-size 32x8
count: 0
photos> count 9
count: 9
photos> fetch
Found 9 photos in formats.
Fetched 9 photos.
▸ 1  rotated.webp  Rotated by EXIF (orientation 6)
  2  camera.jpg    A camera's photo with previews
  3  rotated.avif  Rotated by EXIF (orientation 6)
  4  leaf.png
  5  sunset.jpg    Sunset over the bay               Ada Lovelace
  6  sunset.heic   Sunset over the bay               Ada Lovelace
  7  scan.tif
  8  leaf.gif
  9  camera.dng    A camera's RAW file with previe…
● ○ ○ ○ ○ ○ ○ ○ ○  1/9
photos> open 1
#++%%#%%%%%
%*#%=.-%%%%
%%#:  ..*%%
%%=-   :-#%
%%%%   *%%%
%%%%   *%%%
%%%%   *%%%
%%%%===#%%%
Photo 1 of 9
  id           rotated.webp
  description  Rotated by EXIF (orientation 6)
  author       unknown
  likes        —
  size         160 × 240
  url          rotated.webp
photos/detail 1> back
Photo 1 stays at position 1.
▸ 1  rotated.webp  Rotated by EXIF (orientation 6)
  2  camera.jpg    A camera's photo with previews
  3  rotated.avif  Rotated by EXIF (orientation 6)
  4  leaf.png
  5  sunset.jpg    Sunset over the bay               Ada Lovelace
  6  sunset.heic   Sunset over the bay               Ada Lovelace
  7  scan.tif
  8  leaf.gif
  9  camera.dng    A camera's RAW file with previe…
● ○ ○ ○ ○ ○ ○ ○ ○  1/9
photos> open 2
......................
::::::::::::::::::::::
----------------------
============*@@@#=====
++++++++++++@@@@@+++++
============+***+=====
............:---:.....
             .-.
Photo 2 of 9
  id           camera.jpg
  description  A camera's photo with previews
  author       unknown
  likes        —
  size         1200 × 900
  url          camera.jpg
photos/detail 2> show --why
......................
::::::::::::::::::::::
----------------------
============*@@@#=====
++++++++++++@@@@@+++++
============+***+=====
............:---:.....
             .-.
picture: from the MPF preview (640×480) inside the 1200×900 photo, decoded at 240×180
Photo 2 of 9
  id           camera.jpg
  description  A camera's photo with previews
  author       unknown
  likes        —
  size         1200 × 900
  url          camera.jpg
photos/detail 2> back
Photo 2 stays at position 2.
  1  rotated.webp  Rotated by EXIF (orientation 6)
▸ 2  camera.jpg    A camera's photo with previews
  3  rotated.avif  Rotated by EXIF (orientation 6)
  4  leaf.png
  5  sunset.jpg    Sunset over the bay               Ada Lovelace
  6  sunset.heic   Sunset over the bay               Ada Lovelace
  7  scan.tif
  8  leaf.gif
  9  camera.dng    A camera's RAW file with previe…
○ ● ○ ○ ○ ○ ○ ○ ○  2/9
photos> open 3
#++%%#%%%%%
%*#%=.-%%%%
%%#:...:#%%
%%=-...:-#%
%%%#...*%%%
%%%#.. *%%%
%%%#.. *%%%
%%%%===#%%%
Photo 3 of 9
  id           rotated.avif
  description  Rotated by EXIF (orientation 6)
  author       unknown
  likes        —
  size         160 × 240
  url          rotated.avif
photos/detail 3> back
Photo 3 stays at position 3.
  1  rotated.webp  Rotated by EXIF (orientation 6)
  2  camera.jpg    A camera's photo with previews
▸ 3  rotated.avif  Rotated by EXIF (orientation 6)
  4  leaf.png
  5  sunset.jpg    Sunset over the bay               Ada Lovelace
  6  sunset.heic   Sunset over the bay               Ada Lovelace
  7  scan.tif
  8  leaf.gif
  9  camera.dng    A camera's RAW file with previe…
○ ○ ● ○ ○ ○ ○ ○ ○  3/9
photos> open 4
      ....
   .:......:.
  :..-====-. :.
 :. ========..:
 :. ========..:
  :..-====-. :.
   .:......::
      ....
Photo 4 of 9
  id           leaf.png
  description  (no description)
  author       unknown
  likes        —
  size         200 × 200
  url          leaf.png
photos/detail 4> back
Photo 4 stays at position 4.
  1  rotated.webp  Rotated by EXIF (orientation 6)
  2  camera.jpg    A camera's photo with previews
  3  rotated.avif  Rotated by EXIF (orientation 6)
▸ 4  leaf.png
  5  sunset.jpg    Sunset over the bay               Ada Lovelace
  6  sunset.heic   Sunset over the bay               Ada Lovelace
  7  scan.tif
  8  leaf.gif
  9  camera.dng    A camera's RAW file with previe…
○ ○ ○ ● ○ ○ ○ ○ ○  4/9
photos> open 5
..........................
::::::::::::::::::::::::::
--------------------------
===============#@@%+======
++++++++++++++*@@@@#++++++
===============*##*+======
...............:---.......
                :-.
Photo 5 of 9
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
Photo 5 of 9
  id           sunset.jpg
  description  Sunset over the bay
  author       Ada Lovelace
  likes        —
  size         320 × 200
  url          sunset.jpg
photos/detail 5> back
Photo 5 stays at position 5.
  1  rotated.webp  Rotated by EXIF (orientation 6)
  2  camera.jpg    A camera's photo with previews
  3  rotated.avif  Rotated by EXIF (orientation 6)
  4  leaf.png
▸ 5  sunset.jpg    Sunset over the bay               Ada Lovelace
  6  sunset.heic   Sunset over the bay               Ada Lovelace
  7  scan.tif
  8  leaf.gif
  9  camera.dng    A camera's RAW file with previe…
○ ○ ○ ○ ● ○ ○ ○ ○  5/9
photos> open 6
..........................
::::::::::::::::::::::::::
--------------------------
===============%@@%+======
++++++++++++++*@@@@#++++++
===============**#*=======
...............:---.......
                :-.
Photo 6 of 9
  id           sunset.heic
  description  Sunset over the bay
  author       Ada Lovelace
  likes        —
  size         320 × 200
  url          sunset.heic
photos/detail 6> show --why
..........................
::::::::::::::::::::::::::
--------------------------
===============%@@%+======
++++++++++++++*@@@@#++++++
===============**#*=======
...............:---.......
                :-.
picture: from the HEIC itself, 320×200
Photo 6 of 9
  id           sunset.heic
  description  Sunset over the bay
  author       Ada Lovelace
  likes        —
  size         320 × 200
  url          sunset.heic
photos/detail 6> back
Photo 6 stays at position 6.
  1  rotated.webp  Rotated by EXIF (orientation 6)
  2  camera.jpg    A camera's photo with previews
  3  rotated.avif  Rotated by EXIF (orientation 6)
  4  leaf.png
  5  sunset.jpg    Sunset over the bay               Ada Lovelace
▸ 6  sunset.heic   Sunset over the bay               Ada Lovelace
  7  scan.tif
  8  leaf.gif
  9  camera.dng    A camera's RAW file with previe…
○ ○ ○ ○ ○ ● ○ ○ ○  6/9
photos> open 7
#++%%#%%%%%
%*#%=.-%%%%
%%#:...:#%%
%#--...:-#%
%%%#...*%%%
%%%#...*%%%
%%%#...*%%%
%%%%===#%%%
Photo 7 of 9
  id           scan.tif
  description  (no description)
  author       unknown
  likes        —
  size         160 × 240
  url          scan.tif
photos/detail 7> show --why
#++%%#%%%%%
%*#%=.-%%%%
%%#:...:#%%
%#--...:-#%
%%%#...*%%%
%%%#...*%%%
%%%#...*%%%
%%%%===#%%%
picture: from the TIFF itself, 160×240
Photo 7 of 9
  id           scan.tif
  description  (no description)
  author       unknown
  likes        —
  size         160 × 240
  url          scan.tif
photos/detail 7> back
Photo 7 stays at position 7.
  1  rotated.webp  Rotated by EXIF (orientation 6)
  2  camera.jpg    A camera's photo with previews
  3  rotated.avif  Rotated by EXIF (orientation 6)
  4  leaf.png
  5  sunset.jpg    Sunset over the bay               Ada Lovelace
  6  sunset.heic   Sunset over the bay               Ada Lovelace
▸ 7  scan.tif
  8  leaf.gif
  9  camera.dng    A camera's RAW file with previe…
○ ○ ○ ○ ○ ○ ● ○ ○  7/9
photos> open 8
     .::::.
   -=-:::::=-.
 .+:.-====-..+:
 =- ========.:+
 =- ========.:+
 .+:.-====-..+:
  .-=:.::.:==.
     .::::.
Photo 8 of 9
  id           leaf.gif
  description  (no description)
  author       unknown
  likes        —
  size         200 × 200
  url          leaf.gif
photos/detail 8> show --why
     .::::.
   -=-:::::=-.
 .+:.-====-..+:
 =- ========.:+
 =- ========.:+
 .+:.-====-..+:
  .-=:.::.:==.
     .::::.
picture: from the GIF itself, 200×200
Photo 8 of 9
  id           leaf.gif
  description  (no description)
  author       unknown
  likes        —
  size         200 × 200
  url          leaf.gif
photos/detail 8> back
Photo 8 stays at position 8.
  1  rotated.webp  Rotated by EXIF (orientation 6)
  2  camera.jpg    A camera's photo with previews
  3  rotated.avif  Rotated by EXIF (orientation 6)
  4  leaf.png
  5  sunset.jpg    Sunset over the bay               Ada Lovelace
  6  sunset.heic   Sunset over the bay               Ada Lovelace
  7  scan.tif
▸ 8  leaf.gif
  9  camera.dng    A camera's RAW file with previe…
○ ○ ○ ○ ○ ○ ○ ● ○  8/9
photos> open 9
......................
::::::::::::::::::::::
----------------------
============*@@@#=====
++++++++++++@@@@@+++++
============+***+=====
............:---:.....
             .-.
Photo 9 of 9
  id           camera.dng
  description  A camera's RAW file with previews
  author       unknown
  likes        —
  size         4000 × 3000
  url          camera.dng
photos/detail 9> show --why
......................
::::::::::::::::::::::
----------------------
============*@@@#=====
++++++++++++@@@@@+++++
============+***+=====
............:---:.....
             .-.
picture: from the DNG JPEG preview (640×480) inside the 4000×3000 photo, decoded at 240×180
Photo 9 of 9
  id           camera.dng
  description  A camera's RAW file with previews
  author       unknown
  likes        —
  size         4000 × 3000
  url          camera.dng
photos/detail 9> state --json
{"stack":["collection","detail"],"count":9,"photos":["rotated.webp","camera.jpg","rotated.avif","leaf.png","sunset.jpg","sunset.heic","scan.tif","leaf.gif","camera.dng"],"page":9,"source":"folder","layout":"list","index":9}
